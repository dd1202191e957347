import { EventEmitter } from 'node:events';
import { expect, test } from 'vitest';
import { childOutcome } from './run-preparation-child';

const outcome = { status: 'ready', pageCount: 1, isTextAvailable: false, files: [] } as const;
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

test("a child's outcome that arrives after its 'exit' event is still its outcome", async () => {
  const child = new EventEmitter();
  const result = childOutcome(child, () => '');
  child.emit('exit', 0, null);
  await nextTick();
  child.emit('message', { outcome });
  child.emit('disconnect');
  await expect(result).resolves.toEqual(outcome);
});

test('a child that exits and closes its channel without an outcome fails with its exit and stderr', async () => {
  const child = new EventEmitter();
  const result = childOutcome(child, () => 'out of memory\n');
  child.emit('exit', null, 'SIGKILL');
  child.emit('disconnect');
  await expect(result).rejects.toThrow('ended (SIGKILL) without an outcome: out of memory');
});
