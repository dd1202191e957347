// The baseline beside our downloads: bare Node on the same runtime, streaming one file from disk the way
// our download route does (fs.createReadStream piped to the response), with no framework at all. Its
// peak memory under the same 16 downloads shows what the runtime itself costs.
import fs from 'node:fs';
import http from 'node:http';

const file = process.env.STREAM_FILE ?? '';
const size = fs.statSync(file).size;
const server = http.createServer((request, response) => {
  if (request.url === '/api/health') return response.end('{"status":"ok"}');
  response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': size });
  fs.createReadStream(file, { start: 0, end: size - 1 }).pipe(response);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
