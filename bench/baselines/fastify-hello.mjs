// The baseline beside which our server is measured: a bare Fastify app with one route to read, one that
// takes a small JSON body and answers 204, as a reading report does, and (given PAGE_IMAGE_FILE) one that
// answers a page image's bytes from memory, as the viewer's page route does from its cache.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.post('/api/views/:viewId/reports', async (_request, reply) => reply.code(204).send());
if (process.env.PAGE_IMAGE_FILE) {
  const image = fs.readFileSync(process.env.PAGE_IMAGE_FILE);
  app.get('/page-image', async (_request, reply) =>
    reply.header('content-type', 'image/webp').header('cache-control', 'private').send(image),
  );
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
