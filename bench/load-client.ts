import { Agent, type Dispatcher } from 'undici';
import type { LoadStats } from './load-stats';

/** A request that got no answer within this long counts as failed (a timeout), not as slow. */
const TIMEOUT_MS = 15_000;

export interface LoadRequest {
  /** The route pattern the figures are grouped under, e.g. `GET /api/data-room/:id`. */
  route: string;
  method?: Dispatcher.HttpMethod;
  path: string;
  token?: string;
  headers?: Record<string, string>;
  body?: Dispatcher.DispatchOptions['body'];
  /** Statuses the scenario expects; anything else is counted apart (5xx, or unexpected). */
  expect: number[];
  /** Called when no answer came at all (the server may still have acted on the request). */
  whenUnanswered?: () => void;
}

export type LoadResponse = Dispatcher.ResponseData;

/**
 * HTTP for the load generator: undici's dispatcher API over keep-alive connections (as many as the
 * virtual users have requests in flight, so no request waits in the client), timing every request to
 * the last byte of its body and counting it under its route pattern.
 */
export class LoadClient {
  readonly #agent = new Agent({
    keepAliveTimeout: 30_000,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  readonly #origin: string;
  readonly #stats: LoadStats;

  constructor(baseUrl: string, stats: LoadStats) {
    this.#origin = baseUrl;
    this.#stats = stats;
  }

  /**
   * Sends the request and hands an expected answer to `read`, which must consume the body. Resolves
   * with what `read` returned, or undefined when the answer was unexpected or never came (counted).
   */
  async send<T>(request: LoadRequest, read: (response: LoadResponse) => Promise<T>): Promise<T | undefined> {
    const stats = this.#stats.route(request.route);
    const started = performance.now();
    const elapsedMicros = () => Math.max(1, Math.round((performance.now() - started) * 1000));
    let response: LoadResponse;
    try {
      response = await this.#agent.request({
        origin: this.#origin,
        path: request.path,
        method: request.method ?? 'GET',
        headers: {
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...request.headers,
        },
        body: request.body,
      });
    } catch (error) {
      this.#stats.miss(request.route, 'failed', `no answer (${(error as Error).message})`);
      request.whenUnanswered?.();
      return undefined;
    }
    try {
      if (!request.expect.includes(response.statusCode)) {
        const text = await response.body.text();
        stats.latency.record(elapsedMicros());
        this.#stats.miss(
          request.route,
          response.statusCode >= 500 ? 'serverError' : 'unexpected',
          `${response.statusCode} ${text.slice(0, 300)}`,
        );
        return undefined;
      }
      const value = await read(response);
      stats.latency.record(elapsedMicros());
      stats.ok++;
      return value;
    } catch (error) {
      // The body was cut short, timed out, or was not what the route promises.
      this.#stats.miss(request.route, 'failed', (error as Error).message);
      response.body.destroy();
      return undefined;
    }
  }

  /** JSON from a route that answers 200. */
  json<T>(request: Omit<LoadRequest, 'expect'>, expected = 200): Promise<T | undefined> {
    return this.send({ ...request, expect: [expected] }, (response) => response.body.json() as Promise<T>);
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

/** Reads a body to its end and counts its bytes without keeping them. */
export async function drainedBytes(response: LoadResponse): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Buffer).length;
  return bytes;
}
