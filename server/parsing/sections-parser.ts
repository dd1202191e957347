import { SECTIONS_PARSER_IDLE_MS } from '#server/durations';
import { HttpError } from '#server/plugins/errors';
import { cachedUntilRejected, entryFile } from '#server/workers/entry-file';
import {
  type CompanyInformation,
  type ParsedSections,
  SECTIONS_TOO_COMPLEX_MESSAGE,
  sectionsParseTimeoutMessage,
} from '#shared/sections-markdown';

/**
 * Founders' sections markdown is parsed in a pool of worker threads (ADR 26): micromark's time grows
 * faster than the text on some shapes, and a parse on the request thread would stop every other
 * request meanwhile. The shared parser refuses texts past its limits before parsing; the time limit
 * here is the backstop for whatever those limits miss: a task still running when it expires has its
 * thread terminated (piscina replaces it) and is refused.
 */

export class SectionsTooComplexError extends Error {}
/**
 * The parser's queue is full: a 503 wherever it surfaces (a save, or any read of a room whose parse is
 * not cached yet), asking the client to try again shortly.
 */
export class SectionsParserBusyError extends HttpError {
  constructor() {
    super(
      503,
      'busy',
      'Too many texts are being read right now. Try again in a moment.',
      {},
      { 'retry-after': '5' },
    );
  }
}

/** How long a task may wait for a thread before the caller is told to retry. */
const QUEUE_WAIT_MS = 15_000;
const CHECK_EVERY_MS = 20;

// A failed start (the worker's bundle, piscina's import) is forgotten, so the next parse tries again.
const thePool = cachedUntilRejected(() =>
  entryFile('sections-parse.worker', new URL('./sections-parse.worker.ts', import.meta.url)).then(
    async (filename) => {
      // piscina is loaded with the pool, at the first parse: an idle server holds neither (docs/decisions/0067).
      const { Piscina } = await import('piscina');
      return new Piscina({
        filename,
        // One thread for parsing leaves the other core to the request thread on a two-core machine.
        // No thread while nothing is parsed (idle memory is a budget); a task's time limit starts only
        // once a thread runs it, so starting one costs the caller a wait, never a refusal.
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: SECTIONS_PARSER_IDLE_MS,
        // Beyond this many waiting tasks the caller is told to retry, instead of waiting past its time.
        maxQueue: 32,
        // A text that makes the parser allocate without bound ends its own thread, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
    },
  ),
);

/**
 * How long one task may run before its thread is stopped and it is refused: each caller passes its app's
 * configuration (SECTIONS_PARSE_TIMEOUT_MS, config.sectionsParseTimeoutMs). The pool itself is the
 * process's, as its threads are.
 */
export interface ParseLimits {
  timeoutMs: number;
}

/**
 * Runs one task in the pool. Its time limit starts when a thread begins it (the worker sets a flag
 * shared with this thread), so a task that waited behind another, or for a thread to start, still
 * has its whole time.
 */
async function run<T>(name: string, task: object, { timeoutMs }: ParseLimits): Promise<T> {
  const started = new Int32Array(new SharedArrayBuffer(4));
  const abort = new AbortController();
  const queuedAt = Date.now();
  let startedAt: number | undefined;
  let reason: 'timeout' | 'queue' | undefined;
  const watch = setInterval(() => {
    const now = Date.now();
    if (startedAt === undefined && Atomics.load(started, 0) === 1) startedAt = now;
    if (startedAt !== undefined ? now - startedAt > timeoutMs : now - queuedAt > QUEUE_WAIT_MS) {
      reason = startedAt !== undefined ? 'timeout' : 'queue';
      abort.abort();
    }
  }, CHECK_EVERY_MS);
  try {
    return (await (await thePool()).run({ ...task, started }, { name, signal: abort.signal })) as T;
  } catch (error) {
    if (reason === 'timeout') {
      throw new SectionsTooComplexError(sectionsParseTimeoutMessage(timeoutMs));
    }
    if (reason === 'queue' || (error instanceof Error && /queue is at limit/i.test(error.message))) {
      throw new SectionsParserBusyError();
    }
    if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new SectionsTooComplexError(SECTIONS_TOO_COMPLEX_MESSAGE);
    }
    throw error;
  } finally {
    clearInterval(watch);
  }
}

export function parseSectionsOffThread(markdown: string, options: ParseLimits & { appOrigin?: string }) {
  return run<ParsedSections>('parse', { markdown, appOrigin: options.appOrigin }, options);
}

/** Adds links to the end of a section (made when missing), one parse for all of them. */
export function addDocumentsToSectionOffThread(
  markdown: string,
  section: string,
  links: { title: string; url: string }[],
  limits: ParseLimits,
) {
  return run<string>('addDocuments', { markdown, section, links }, limits);
}

export function removeDocumentLinksOffThread(
  markdown: string,
  documentId: string,
  options: ParseLimits & { appOrigin?: string },
) {
  return run<string>('removeDocument', { markdown, documentId, appOrigin: options.appOrigin }, options);
}

export function renameDocumentLinksOffThread(
  markdown: string,
  documentId: string,
  title: string,
  options: ParseLimits & { appOrigin?: string },
) {
  return run<string>(
    'renameDocument',
    { markdown, documentId, title, appOrigin: options.appOrigin },
    options,
  );
}

export function setCompanyInformationOffThread(
  markdown: string,
  company: CompanyInformation,
  limits: ParseLimits,
) {
  return run<string>('setCompany', { markdown, company }, limits);
}
