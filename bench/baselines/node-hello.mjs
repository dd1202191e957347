// The floor under every Node server here: bare node:http, no framework, answering what fastify-hello.mjs
// answers (health, a reading report's POST with 204, and given PAGE_IMAGE_FILE a page image's bytes from
// memory). What a request costs in the runtime itself, before any framework or code of ours.
import fs from 'node:fs';
import http from 'node:http';

const image = process.env.PAGE_IMAGE_FILE ? fs.readFileSync(process.env.PAGE_IMAGE_FILE) : null;
const server = http.createServer((request, response) => {
  if (request.method === 'POST') {
    request.resume();
    request.on('end', () => {
      response.writeHead(204);
      response.end();
    });
  } else if (request.url === '/page-image' && image) {
    response.writeHead(200, { 'content-type': 'image/webp', 'cache-control': 'private' });
    response.end(image);
  } else {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
