import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be UTF-8 (RFC 8259). Fastify's own parser decodes leniently, so bytes that are not
 * UTF-8 would be stored as U+FFFD, which is not what the client sent: they are refused instead. The
 * parsing itself stays Fastify's (prototype-poisoning keys refused, empty bodies named).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, 'invalid_json', 'The request body is not valid UTF-8 text.'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
