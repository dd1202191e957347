import { cpuSeconds } from './process-cpu';
import { type BudgetRow, median } from './report';
import { apiCall, inviteAndSignIn, outboxSignInLinks, saveSections, uploadFile } from './room-fixture';
import { createBenchFounder, RAISED_RATE_LIMITS, type RunningServer, startRoundroom } from './servers';
import { ensureWrk, wrkRequestsPerSecond } from './wrk';

/**
 * Reading with groups on (docs/decisions/0068-investor-groups.md): an investor of a room whose
 * "Financials" is shown to another group only, against an investor of the same room without groups,
 * on the reads a member makes on every visit (the sections text, the documents list, a document's
 * preview). Server CPU per request, each route in turn for each reader in the same run, three rounds;
 * the medians are compared: at most 10% more.
 */

const ROUNDS = 3;
const SECONDS = 4;
const MAX_RATIO = 1.1;
const DOCUMENTS_PER_SECTION = 5;

const SECTIONS = `# Company Information
name: Bench Co

## Pitch
The deck and the memo.

## Financials
The model and the cap table.

## Legal
The contracts.
`;

interface Reader {
  token: string;
  routes: string[];
}

/** A room of three sections of uploaded PDFs and one investor; with groups, "Financials" is hidden from them. */
async function roomReader(server: RunningServer, withGroups: boolean): Promise<Reader> {
  const founder = await createBenchFounder(server.baseUrl);
  const founderRoom = { founderToken: founder.token };
  const room = (await apiCall(server, 'GET', '/api/my-data-room', founder.token)) as { id: string };
  await saveSections(server, founderRoom, SECTIONS);
  let deckId = '';
  for (const section of ['Pitch', 'Financials', 'Legal']) {
    for (let index = 0; index < DOCUMENTS_PER_SECTION; index++) {
      const pdf = new Blob([`%PDF-1.7\n% ${section} ${index} ${Math.random()}\ntrailer\n%%EOF\n`]);
      const url = await uploadFile(server, founderRoom, pdf, `${section} ${index}.pdf`, section);
      deckId ||= /documents\/([0-9a-f-]+)\//.exec(url)?.[1] ?? '';
    }
  }
  const email = `groups-${withGroups ? 'on' : 'off'}-${Date.now()}@example.com`;
  const investor = await inviteAndSignIn(server, [founder.token], email, outboxSignInLinks(server));
  if (withGroups) {
    const diligence = (await apiCall(
      server,
      'POST',
      '/api/my-data-room/groups',
      founder.token,
      { name: 'Diligence' },
      201,
    )) as { id: string };
    await apiCall(server, 'POST', '/api/my-data-room/section-visibility', founder.token, {
      section: 'Financials',
      visibleTo: [diligence.id],
    });
  }
  return {
    token: investor.token,
    routes: [
      `/api/data-room/${room.id}/sections`,
      `/api/data-room/${room.id}/documents`,
      `/api/documents/${deckId}/preview`,
    ],
  };
}

/** Server CPU milliseconds per request while wrk reads the route as the reader. */
async function cpuMsPerRequest(server: RunningServer, reader: Reader, route: string): Promise<number> {
  const pid = server.child.pid ?? 0;
  const before = cpuSeconds(pid);
  const perSecond = await wrkRequestsPerSecond(
    `${server.baseUrl}${route}`,
    { authorization: `Bearer ${reader.token}` },
    SECONDS,
  );
  return ((cpuSeconds(pid) - before) * 1000) / (perSecond * SECONDS);
}

export async function measureGroupsReadingCost(): Promise<BudgetRow[]> {
  ensureWrk();
  const server = await startRoundroom(RAISED_RATE_LIMITS);
  try {
    const without = await roomReader(server, false);
    const withGroups = await roomReader(server, true);
    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let offTotal = 0;
      let onTotal = 0;
      for (let route = 0; route < without.routes.length; route++) {
        offTotal += await cpuMsPerRequest(server, without, without.routes[route] ?? '');
        onTotal += await cpuMsPerRequest(server, withGroups, withGroups.routes[route] ?? '');
      }
      off.push(offTotal / without.routes.length);
      on.push(onTotal / withGroups.routes.length);
    }
    const ratio = median(on) / median(off);
    return [
      {
        budget: `reading with groups on: server CPU per request <= ${Math.round((MAX_RATIO - 1) * 100)}% more than without`,
        measured: `${median(on).toFixed(3)} ms (${ratio >= 1 ? '+' : ''}${Math.round((ratio - 1) * 100)}%; sections, documents, preview)`,
        baseline: `${median(off).toFixed(3)} ms without groups (same run)`,
        pass: ratio <= MAX_RATIO,
      },
    ];
  } finally {
    await server.stop();
  }
}
