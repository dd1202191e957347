import { worstAcceptedSectionsText } from '#tests/support/hostile-markdown';
import { type BudgetRow, ms, percentile } from './report';
import { createBenchFounder, startRoundroom } from './servers';

const SAMPLES = 400;
const RATIO_BUDGET = 3;

const p99 = (values: number[]) => percentile(values, 0.99);

async function healthLatencies(baseUrl: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * /api/health p99 on an idle server, then while a founder saves the worst accepted sections text in a
 * loop: parsing runs in the parser's worker thread, so the request thread keeps answering (ADR 26).
 */
export async function measureHealthWhileParsing(): Promise<BudgetRow> {
  const server = await startRoundroom();
  try {
    const { token } = await createBenchFounder(server.baseUrl);
    const content = worstAcceptedSectionsText();
    const save = async () => {
      const response = await fetch(`${server.baseUrl}/api/sections/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content }),
      });
      if (response.status !== 200)
        throw new Error(`the worst accepted text was refused: ${await response.text()}`);
    };
    await save();
    await healthLatencies(server.baseUrl); // warm-up
    const idle = p99(await healthLatencies(server.baseUrl));

    let saving = true;
    let saves = 0;
    const loop = (async () => {
      while (saving) {
        await save();
        saves++;
      }
    })();
    const busy = p99(await healthLatencies(server.baseUrl));
    saving = false;
    await loop;

    return {
      budget: `/api/health p99 while saving the worst accepted sections text <= ${RATIO_BUDGET}x idle`,
      measured: `${ms(busy)} (${saves} saves of ${Math.round(content.length / 1000)} KB)`,
      baseline: `${ms(idle)} (idle)`,
      pass: busy <= RATIO_BUDGET * Math.max(idle, 1),
    };
  } finally {
    await server.stop();
  }
}
