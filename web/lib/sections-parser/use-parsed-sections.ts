import { useEffect, useMemo, useRef, useState } from 'react';
import type { ParsedSections } from '#shared/sections-markdown';
import { LatestSectionsParse, type ParseWorker, type SectionsParseState } from './latest-sections-parse';

function startParseWorker(): ParseWorker {
  // Vite bundles the worker as its own file, fetched only by the pages that parse sections.
  return new Worker(new URL('./sections-parse.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sections-parser',
  }) as unknown as ParseWorker;
}

// One worker started as soon as a page that parses sections has loaded its code: its script (the
// parser) downloads and starts while the page asks for the room, instead of after the room's answer
// (docs/decisions/0075-the-investors-first-screen.md). The first parse takes it; later ones start their own.
let startedWorker: ParseWorker | null = typeof Worker === 'function' ? startParseWorker() : null;

function createParseWorker(): ParseWorker {
  const worker = startedWorker ?? startParseWorker();
  startedWorker = null;
  return worker;
}

type SectionsParser = (markdown: string, options: { appOrigin?: string }) => ParsedSections;
let parseWithoutWorkers: SectionsParser | null = null;

/**
 * Component tests run in jsdom, which has no Web Workers: their setup hands the parser over, to run
 * during render there. The app never does, so the parser is in the worker's code alone and a reader's
 * page does not load it (docs/decisions/0075-the-investors-first-screen.md).
 */
export function parseDuringRenderWithoutWorkers(parse: SectionsParser): void {
  parseWithoutWorkers = parse;
}

/**
 * The sections markdown parsed off the main thread (ADR 26): the latest parse finished, and whether a
 * newer text is being parsed. Typing goes on while a slow text parses; the previous parse stays
 * meanwhile. `parsed` is undefined only until the first parse has finished. Where there are no Web
 * Workers (jsdom in component tests), it parses during render with the parser handed over above.
 */
export function useParsedSections(
  markdown: string,
  options: { appOrigin?: string } = {},
): { parsed: ParsedSections | undefined; isUpdating: boolean } {
  const { appOrigin } = options;
  const inWorker = typeof Worker === 'function';
  const [state, setState] = useState<SectionsParseState>({ parsed: undefined, isUpdating: inWorker });
  const parser = useRef<LatestSectionsParse | null>(null);

  useEffect(() => {
    if (!inWorker) return;
    const latest = new LatestSectionsParse(createParseWorker, setState);
    parser.current = latest;
    return () => {
      latest.dispose();
      parser.current = null;
    };
  }, [inWorker]);

  useEffect(() => {
    parser.current?.request(markdown, appOrigin);
  }, [markdown, appOrigin]);

  const synchronous = useMemo(
    () => (inWorker ? undefined : parseWithoutWorkers?.(markdown, { appOrigin })),
    [inWorker, markdown, appOrigin],
  );
  return synchronous ? { parsed: synchronous, isUpdating: false } : state;
}
