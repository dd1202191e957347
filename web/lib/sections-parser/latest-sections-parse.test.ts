import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { parseSectionsMarkdown } from '#shared/sections-markdown';
import {
  LatestSectionsParse,
  type ParseWorker,
  type SectionsParseReply,
  type SectionsParseRequest,
  type SectionsParseState,
} from './latest-sections-parse';

/**
 * A stand-in for the browser's Web Worker (jsdom has none): it parses with the real parser, but
 * answers only when the test says so, so the order of requests and replies is the test's to choose.
 */
class HeldWorker implements ParseWorker {
  static started: HeldWorker[] = [];
  readonly received: SectionsParseRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<SectionsParseReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor() {
    HeldWorker.started.push(this);
  }
  postMessage(request: SectionsParseRequest) {
    this.received.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  /** Answers the oldest request not answered yet. */
  answer() {
    const request = this.received.shift();
    if (!request) throw new Error('nothing to answer');
    const parsed = parseSectionsMarkdown(request.markdown, { appOrigin: request.appOrigin });
    this.onmessage?.({ data: { id: request.id, parsed } } as MessageEvent<SectionsParseReply>);
  }
}

const section = (name: string) => `## ${name}\n- [Deck](https://example.com/deck.pdf)\n`;
const names = (state: SectionsParseState | undefined) => state?.parsed?.sections.map((s) => s.name);

let states: SectionsParseState[];
let parser: LatestSectionsParse;
const latest = () => states.at(-1);

beforeEach(() => {
  HeldWorker.started = [];
  states = [];
  parser = new LatestSectionsParse(
    () => new HeldWorker(),
    (state) => states.push(state),
    1_000,
  );
});
afterEach(() => {
  parser.dispose();
  vi.useRealTimers();
});

test('the first text is parsed in a worker; until it answers nothing is shown and an update is under way', () => {
  parser.request(section('Financials'));
  expect(latest()).toEqual({ parsed: undefined, isUpdating: true });
  const [worker] = HeldWorker.started;
  worker?.answer();
  expect(names(latest())).toEqual(['Financials']);
  expect(latest()?.isUpdating).toBe(false);
});

test('texts typed while one parses wait, the newest replacing the others, and are parsed once the worker is free', () => {
  parser.request(section('One'));
  parser.request(section('Two'));
  parser.request(section('Three'));
  const [worker] = HeldWorker.started;
  // Only the first went to the worker: Two was replaced by Three before the worker was free.
  expect(worker?.received.map((request) => request.markdown)).toEqual([section('One')]);

  worker?.answer();
  // One is shown (newer than nothing) while Three is parsed.
  expect(latest()).toMatchObject({ isUpdating: true });
  expect(names(latest())).toEqual(['One']);
  expect(worker?.received.map((request) => request.markdown)).toEqual([section('Three')]);

  worker?.answer();
  expect(names(latest())).toEqual(['Three']);
  expect(latest()?.isUpdating).toBe(false);
  expect(HeldWorker.started).toHaveLength(1);
});

test('going back to the text being parsed drops the one waiting; asking for the text shown parses nothing', () => {
  parser.request(section('One'));
  parser.request(section('Two'));
  parser.request(section('One'));
  const [worker] = HeldWorker.started;
  worker?.answer();
  expect(names(latest())).toEqual(['One']);
  expect(latest()?.isUpdating).toBe(false);

  parser.request(section('One'));
  expect(worker?.received).toEqual([]);
  expect(latest()?.isUpdating).toBe(false);
});

test('a parse past the time limit stops its worker, shows the shared message, and the next text gets a fresh worker', () => {
  vi.useFakeTimers();
  parser.request(section('Slow'));
  parser.request(section('Next'));
  const [first] = HeldWorker.started;
  vi.advanceTimersByTime(1_001);
  expect(first?.terminated).toBe(true);
  expect(latest()?.parsed?.problems.map((problem) => problem.message)).toEqual([
    'This text takes too long to read (more than 1 s). Split long paragraphs and lists, or remove deeply nested parts.',
  ]);
  expect(latest()?.isUpdating).toBe(true);

  const second = HeldWorker.started[1];
  expect(second?.received.map((request) => request.markdown)).toEqual([section('Next')]);
  // A late reply from the stopped worker changes nothing.
  first?.answer();
  expect(names(latest())).toEqual([]);
  second?.answer();
  expect(names(latest())).toEqual(['Next']);
  expect(latest()?.isUpdating).toBe(false);
});

test('a worker that dies answers that the text is too complex, and the next text starts another', () => {
  parser.request(section('Huge'));
  const [first] = HeldWorker.started;
  first?.onerror?.(new ErrorEvent('error'));
  expect(first?.terminated).toBe(true);
  expect(latest()?.parsed?.problems[0]?.message).toBe(
    'This text is too complex to read. Remove deeply nested parts.',
  );
  parser.request(section('Fine'));
  HeldWorker.started[1]?.answer();
  expect(names(latest())).toEqual(['Fine']);
});

test('after dispose the worker is stopped and its replies are dropped', () => {
  parser.request(section('Gone'));
  const [worker] = HeldWorker.started;
  parser.dispose();
  expect(worker?.terminated).toBe(true);
  const before = states.length;
  worker?.answer();
  parser.request(section('Later'));
  expect(states).toHaveLength(before);
  expect(HeldWorker.started).toHaveLength(1);
});
