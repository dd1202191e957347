import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPageRoute } from '#shared/routes';
import { sessionCookie } from './auth';
import { apiNotFound } from './errors';
import { apiPreloadsHtml, firstScreenHtml, type PageStartOf, pageImagePreloadHtml } from './first-screen';
import { readerPagePreloads } from './page-preloads';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every page route,
 * and index.html with status 404 for any other path (the client renders its 404 page there).
 * A reader's page gets its modules named in its head and its first screen written into #root
 * (docs/decisions/0075-the-investors-first-screen.md).
 * Without a web root (development, where Vite serves the app, and API tests) only the API 404 applies.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  pageStartOf?: PageStartOf,
): Promise<void> {
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
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const preloads = readerPagePreloads(webRoot);
  const EMPTY_ROOT = '<div id="root"></div>';
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`${indexFile} has no ${EMPTY_ROOT}`);

  /**
   * The page's HTML: its modules announced in the head, and what it shows before the script runs.
   * `isPersonal` when what was written depends on the link or the session (a room's name, an address).
   */
  const pageHtml = async (
    request: FastifyRequest,
    pathname: string,
  ): Promise<{ html: string; isPersonal: boolean }> => {
    const page = matchPageRoute(pathname);
    if (!page) return { html: indexHtml, isPersonal: false };
    const query = new URL(request.url, 'http://localhost').searchParams;
    const pageRequest = {
      page: page.name,
      params: page.params,
      query,
      sessionToken: sessionCookie(request),
    };
    const start = await pageStartOf?.(pageRequest).catch((error: unknown) => {
      // The page works without it: the script asks and draws the same a moment later.
      request.log.warn({ err: error }, 'the first screen could not be written');
      return null;
    });
    const head =
      (preloads.get(page.name) ?? '') +
      apiPreloadsHtml(start?.apiPaths ?? []) +
      pageImagePreloadHtml(start?.pageImage);
    // Replaced by functions: a string replacement would read `$&` or `$'` in a company's name as patterns.
    let html = head ? indexHtml.replace('</head>', () => `${head}</head>`) : indexHtml;
    const screen = start?.screen;
    if (screen) html = html.replace(EMPTY_ROOT, () => `<div id="root">${firstScreenHtml(screen)}</div>`);
    return { html, isPersonal: Boolean(start?.screen || start?.apiPaths.length) };
  };

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
  // A built file is sent as it is (its .br or .gz, made at build time, where the browser takes one); a
  // page's HTML, written per request, is compressed on its way out.
  app.get('/*', async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (builtFiles.has(file)) return reply.sendFile(file);
    const pathname = request.url.split('?')[0] ?? '/';
    if (!matchPageRoute(pathname)) return reply.callNotFound();
    const { html, isPersonal } = await pageHtml(request, pathname);
    // A page written for its link or session is kept by no shared cache.
    return reply
      .header('cache-control', isPersonal ? 'private, no-cache' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
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
      .status(404)
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
