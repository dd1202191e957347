import type { ParsedSections } from '#shared/sections-markdown';
import {
  DEFAULT_COMPANY,
  SECTIONS_TOO_COMPLEX_MESSAGE,
  sectionsParseTimeoutMessage,
} from '#shared/sections-parse-outcomes';

export interface SectionsParseRequest {
  id: number;
  markdown: string;
  appOrigin: string | undefined;
}

export interface SectionsParseReply {
  id: number;
  parsed: ParsedSections;
}

/** The part of a Web Worker this uses, so a test can stand in for the browser's. */
export interface ParseWorker {
  postMessage(request: SectionsParseRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<SectionsParseReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface SectionsParseState {
  /** The newest parse finished; undefined until the first one has. */
  parsed: ParsedSections | undefined;
  /** A parse of a newer text is under way (or waiting for the one under way). */
  isUpdating: boolean;
}

/**
 * How long one parse may run before its worker is stopped. Longer than the server's 4 s: the server's
 * limit shares its capacity between founders, this one only ends a runaway parse on the founder's own
 * device (the page stays responsive either way), which may be slower than the server.
 */
export const BROWSER_PARSE_TIME_LIMIT_MS = 10_000;

/** What a text the parser could not finish reads as: no sections, and why. */
function unreadable(message: string): ParsedSections {
  return {
    company: { ...DEFAULT_COMPANY },
    companyFields: [],
    sections: [],
    problems: [{ line: 0, message }],
  };
}

interface Text {
  markdown: string;
  appOrigin: string | undefined;
}

const sameText = (a: Text | undefined, b: Text) =>
  a !== undefined && a.markdown === b.markdown && a.appOrigin === b.appOrigin;

/**
 * Parses the latest of a stream of texts (an editor's draft as it is typed) in a worker. At most one
 * parse runs; a text that arrives meanwhile waits, and a newer one replaces it, so typing fast over a
 * slow text parses the text as it is when the worker is free, never every keystroke in turn. A parse
 * past the time limit has its worker terminated (the only way to stop it) and answers the shared
 * "takes too long" message; the next text starts a fresh worker. Replies from a stopped worker, or
 * after `dispose`, are dropped.
 */
export class LatestSectionsParse {
  private worker: ParseWorker | undefined;
  private running: (Text & { id: number; timer: ReturnType<typeof setTimeout> }) | undefined;
  private waiting: Text | undefined;
  /** The text whose parse is shown, so asking for it again costs nothing. */
  private shown: Text | undefined;
  private parsed: ParsedSections | undefined;
  private lastId = 0;
  private disposed = false;

  constructor(
    private readonly createWorker: () => ParseWorker,
    private readonly onChange: (state: SectionsParseState) => void,
    private readonly timeLimitMs = BROWSER_PARSE_TIME_LIMIT_MS,
  ) {}

  request(markdown: string, appOrigin?: string): void {
    if (this.disposed) return;
    const text = { markdown, appOrigin };
    if (this.running) {
      // Back to the text already parsing: nothing newer needs to wait behind it.
      this.waiting = sameText(this.running, text) ? undefined : text;
    } else if (!sameText(this.shown, text)) {
      this.start(text);
    }
    this.publish();
  }

  dispose(): void {
    this.disposed = true;
    this.stopWorker();
    this.waiting = undefined;
  }

  private start(text: Text): void {
    const worker = this.worker ?? this.startWorker();
    const id = ++this.lastId;
    const timer = setTimeout(() => this.timedOut(id), this.timeLimitMs);
    this.running = { ...text, id, timer };
    worker.postMessage({ id, markdown: text.markdown, appOrigin: text.appOrigin });
  }

  private startWorker(): ParseWorker {
    const worker = this.createWorker();
    worker.onmessage = ({ data }) => {
      if (this.worker === worker) this.finished(data.id, data.parsed);
    };
    worker.onerror = (event) => {
      // The worker died (out of memory, say): like a parse past its time, the text cannot be read here.
      event.preventDefault();
      if (this.worker !== worker) return;
      const running = this.running;
      this.stopWorker();
      if (running) this.settle(running, unreadable(SECTIONS_TOO_COMPLEX_MESSAGE));
    };
    this.worker = worker;
    return worker;
  }

  private stopWorker(): void {
    if (this.running) clearTimeout(this.running.timer);
    this.running = undefined;
    this.worker?.terminate();
    this.worker = undefined;
  }

  private timedOut(id: number): void {
    if (this.running?.id !== id) return;
    const running = this.running;
    this.stopWorker();
    this.settle(running, unreadable(sectionsParseTimeoutMessage(this.timeLimitMs)));
  }

  private finished(id: number, parsed: ParsedSections): void {
    const running = this.running;
    if (running?.id !== id) return;
    clearTimeout(running.timer);
    this.running = undefined;
    this.settle(running, parsed);
  }

  /**
   * Shows a finished parse, then starts the text that waited. A parse of a text typed over since is
   * still shown: it is newer than what the preview showed, and the wait for the latest may be long.
   */
  private settle(text: Text, parsed: ParsedSections): void {
    this.shown = text;
    this.parsed = parsed;
    const next = this.waiting;
    this.waiting = undefined;
    if (next && !sameText(this.shown, next)) this.start(next);
    this.publish();
  }

  private publish(): void {
    if (this.disposed) return;
    this.onChange({ parsed: this.parsed, isUpdating: this.running !== undefined });
  }
}
