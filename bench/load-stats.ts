import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** What the load generator saw of one route pattern (`GET /api/data-room/:id`, never a concrete URL). */
export interface RouteStats {
  /** Latency to the last byte of the body, in microseconds. */
  latency: RecordableHistogram;
  ok: number;
  /** Answers with a status the scenario did not expect, 5xx apart. */
  unexpected: number;
  serverErrors: number;
  /** No answer: connection refused or reset, timeouts, a body cut short. */
  failed: number;
}

export interface RouteSummary {
  route: string;
  requests: number;
  ok: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  unexpected: number;
  serverErrors: number;
  failed: number;
}

/** A request that did not get its expected answer, and when (performance.now()). */
export interface Miss {
  route: string;
  kind: 'failed' | 'serverError' | 'unexpected';
  atMs: number;
  description: string;
}

/** Per-route counters and latency histograms, plus the first few problems verbatim for the report. */
export class LoadStats {
  readonly #routes = new Map<string, RouteStats>();
  readonly problems: string[] = [];
  /** Every miss with its time, for a run that disturbs the servers on purpose (the cluster test). */
  readonly misses: Miss[] = [];

  route(pattern: string): RouteStats {
    let stats = this.#routes.get(pattern);
    if (!stats) {
      stats = { latency: createHistogram(), ok: 0, unexpected: 0, serverErrors: 0, failed: 0 };
      this.#routes.set(pattern, stats);
    }
    return stats;
  }

  noteProblem(description: string): void {
    if (this.problems.length < 20) this.problems.push(description);
  }

  /** Counts a miss on its route, with its time and what happened. */
  miss(route: string, kind: Miss['kind'], description: string): void {
    this.route(route)[kind === 'serverError' ? 'serverErrors' : kind]++;
    this.misses.push({ route, kind, atMs: performance.now(), description });
    this.noteProblem(`${route}: ${description}`);
  }

  /** Requests answered as expected so far, over every route. */
  get answered(): number {
    let ok = 0;
    for (const stats of this.#routes.values()) ok += stats.ok;
    return ok;
  }

  summaries(seconds: number): RouteSummary[] {
    const ms = (histogram: RecordableHistogram, percentile: number) =>
      histogram.count === 0 ? 0 : histogram.percentile(percentile) / 1000;
    return [...this.#routes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, stats]) => {
        const requests = stats.ok + stats.unexpected + stats.serverErrors + stats.failed;
        return {
          route,
          requests,
          ok: stats.ok,
          perSecond: requests / seconds,
          p50Ms: ms(stats.latency, 50),
          p95Ms: ms(stats.latency, 95),
          p99Ms: ms(stats.latency, 99),
          maxMs: stats.latency.count === 0 ? 0 : stats.latency.max / 1000,
          unexpected: stats.unexpected,
          serverErrors: stats.serverErrors,
          failed: stats.failed,
        };
      });
  }
}
