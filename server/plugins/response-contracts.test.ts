import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { rememberingSerializerCompiler } from './response-contracts';

const routeSchema = {
  schema: z.object({ title: z.string() }),
  method: 'GET',
  url: '/example',
  httpStatus: '200',
} as unknown as FastifyRouteSchemaDef<unknown>;

test('a payload served again is checked and written once, and sent as the same UTF-8 bytes', () => {
  const serialize = rememberingSerializerCompiler(routeSchema);
  const payload = { title: 'Série A — 日本' };
  const first = serialize(payload) as unknown as Buffer;
  expect(Buffer.isBuffer(first)).toBe(true);
  expect(JSON.parse(first.toString('utf8'))).toEqual(payload);
  expect(serialize(payload)).toBe(first);
  // Another object with the same content is another payload: written anew.
  expect(serialize({ ...payload })).not.toBe(first);
});

test('a payload that breaks the schema is refused, not remembered', () => {
  const serialize = rememberingSerializerCompiler(routeSchema);
  const broken = { title: 42 };
  expect(() => serialize(broken)).toThrow();
  expect(() => serialize(broken)).toThrow();
});
