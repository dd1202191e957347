import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPageRoute } from '#shared/routes';
import { apiNotFound } from './errors';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every page route,
 * and index.html with status 404 for any other path (the client renders its 404 page there).
 * Without a web root (development, where Vite serves the app, and API tests) only the API 404 applies.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  if (!webRoot) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(apiNotFound(request.method, request.url)),
    );
    return;
  }
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing. Run "npm run build" first.`);
  }
  const indexHtml = fs.readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: webRoot,
    // One route below serves every file, instead of @fastify/static's route per file (wildcard: false):
    // a few hundred built files made a few hundred GET and HEAD routes, about 2 MB of an idle
    // server's heap (docs/decisions/0067).
    serve: false,
    index: false,
    // The build writes a .br and a .gz beside each text asset (vite.config.ts): the one the browser
    // accepts is sent as it is, with content-encoding and Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(webRoot, 'assets') + path.sep);
      reply.header(
        'cache-control',
        isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
    },
  });
  // Only the files that exist at start are served; everything else falls through to the handler below.
  const builtFiles = filesUnder(webRoot);
  // compress: false, as the files are compressed once at build time instead (preCompressed above).
  app.get('/*', { compress: false }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return builtFiles.has(file) ? reply.sendFile(file) : reply.callNotFound();
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    return reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}

/** Every file under `root` (no dot files, as @fastify/static leaves them out), as paths relative to it. */
function filesUnder(root: string): Set<string> {
  const files = fs.readdirSync(root, { recursive: true, withFileTypes: true });
  return new Set(
    files
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((file) => !file.split('/').some((part) => part.startsWith('.'))),
  );
}
