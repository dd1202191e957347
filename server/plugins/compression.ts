import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits a packet or two anyway; compressing it costs more than it saves. */
const SMALLEST_COMPRESSED_BYTES = 1024;

/**
 * Compresses the answers built per request (JSON, the pages' HTML) with brotli or gzip, as the client
 * accepts. The built assets are compressed once at build time and sent as they are (web-app.ts,
 * preCompressed), so the server never spends a request's time on them. Brotli's quality 4 compresses
 * about as well as gzip's best at a fraction of quality 11's cost, which is for build time only.
 * Page images and downloads opt out per route (`compress: false`): they are already compressed
 * formats or files a reader saves, sent as byte-range-capable streams.
 * See docs/decisions/0075-the-investors-first-screen.md.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: SMALLEST_COMPRESSED_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
