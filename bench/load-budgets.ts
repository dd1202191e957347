import { DEFAULT_LOAD, ROUTES, runBareFastifyBaseline, runLoadScenario } from './load-scenario';
import type { BudgetRow } from './report';

/** Long enough for every route to be sampled thousands of times; npm run bench:load runs 60 s. */
const BENCH_SECONDS = 20;
const SECTIONS_P95_BUDGET_MS = 100;
const MIN_THROUGHPUT_RATIO = 0.8;

/**
 * Issue 6's load scenario, shortened, beside the same 200 virtual users against a bare Fastify route.
 * The checks of npm run bench:load become rows; the baseline tells how much of the load this machine
 * and load generator can offer that our server sustained, and what a request's p95 is when the server
 * does nothing.
 */
export async function measureLoadBudgets(): Promise<BudgetRow[]> {
  const options = { ...DEFAULT_LOAD, seconds: BENCH_SECONDS };
  const ours = await runLoadScenario(options);
  const bare = await runBareFastifyBaseline(options);
  const users = `${options.investors} users`;
  const sections = ours.routes.find((route) => route.route === ROUTES.sections);
  const sectionsP95 = sections?.p95Ms ?? Number.POSITIVE_INFINITY;
  const ratio = ours.totals.perSecond / bare.totals.perSecond;
  const { accessLog } = ours;
  return [
    {
      budget: `load (${users}, ${BENCH_SECONDS} s): 5xx = 0`,
      measured: `${ours.totals.serverErrors} of ${ours.totals.requests}`,
      baseline: `${bare.totals.serverErrors} of ${bare.totals.requests} (bare Fastify)`,
      pass: ours.totals.serverErrors === 0,
    },
    {
      budget: 'load: failed requests = 0',
      measured: `${ours.totals.failed} failed, ${ours.totals.unexpected} unexpected`,
      baseline: `${bare.totals.failed} failed (bare Fastify)`,
      pass: ours.totals.failed === 0 && ours.totals.unexpected === 0,
    },
    {
      budget: 'load: access log exact',
      measured: `${accessLog.loggedDownloads + accessLog.loggedClicks} events, ${accessLog.lost} lost, ${accessLog.extra} extra`,
      baseline: `${accessLog.expectedDownloads + accessLog.expectedClicks} counted by the load generator`,
      pass: accessLog.exact,
    },
    {
      budget: `load: sections read p95 <= ${SECTIONS_P95_BUDGET_MS} ms`,
      measured: `${sectionsP95.toFixed(1)} ms`,
      baseline: `${bare.route.p95Ms.toFixed(1)} ms (bare Fastify, same users)`,
      pass: sectionsP95 <= SECTIONS_P95_BUDGET_MS,
    },
    {
      budget: `load: throughput >= ${MIN_THROUGHPUT_RATIO * 100}% of bare Fastify`,
      measured: `${Math.round(ours.totals.perSecond)} req/s (${Math.round(ratio * 100)}%)`,
      baseline: `${Math.round(bare.totals.perSecond)} req/s (bare Fastify, same users)`,
      pass: ratio >= MIN_THROUGHPUT_RATIO,
    },
  ];
}
