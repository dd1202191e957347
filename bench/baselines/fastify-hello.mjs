// The baseline beside which our server is measured: a bare Fastify app with one route to read, and one
// that takes a small JSON body and answers 204, as a reading report does.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.post('/api/views/:viewId/reports', async (_request, reply) => reply.code(204).send());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
