import { type BudgetRow, median } from './report';
import { createBenchFounder, startBareFastify, startRoundroom } from './servers';
import { ensureWrk, wrkRequestsPerSecond } from './wrk';

const RUNS = 3;
const MIN_RATIO = 0.4;

/**
 * GET /api/auth/me with a valid session (a database lookup per request) against a bare Fastify route,
 * alternating so both see the same machine conditions; the median of each is compared.
 */
export async function measureAuthenticatedReadThroughput(): Promise<BudgetRow> {
  ensureWrk();
  const ours = await startRoundroom();
  const baseline = await startBareFastify();
  try {
    const { token } = await createBenchFounder(ours.baseUrl);
    const oursRps: number[] = [];
    const baselineRps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      oursRps.push(
        await wrkRequestsPerSecond(`${ours.baseUrl}/api/auth/me`, { authorization: `Bearer ${token}` }),
      );
      baselineRps.push(await wrkRequestsPerSecond(`${baseline.baseUrl}/api/health`));
    }
    const ratio = median(oursRps) / median(baselineRps);
    return {
      budget: 'GET /api/auth/me >= 40% of bare Fastify req/s',
      measured: `${Math.round(median(oursRps))} req/s (${Math.round(ratio * 100)}%)`,
      baseline: `${Math.round(median(baselineRps))} req/s (bare Fastify)`,
      pass: ratio >= MIN_RATIO,
    };
  } finally {
    await ours.stop();
    await baseline.stop();
  }
}
