import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { peakRssDuring, rssBytes } from './process-memory';
import { type BudgetRow, mb, median } from './report';
import { roomWithInvestor, saveSections, uploadFile, writePdf } from './room-fixture';
import { startBareFastify, startBareFileStream, startRoundroom } from './servers';
import { ensureWrk, wrkBytesPerSecond, wrkRequestsPerSecond } from './wrk';

const FILE_BYTES = 50 * 1024 * 1024 - 4096; // a 50 MB upload, just under the limit
const DOWNLOAD_CONNECTIONS = 16;
/** wrk's own 2 s would count a 50 MB download still arriving on a busy host as failed. */
const DOWNLOAD_SECONDS = 8;
const DOWNLOAD_ROUNDS = 3;
const DOWNLOAD_TIMEOUT_SECONDS = 30;

/** A 50 MB PDF-looking file on disk. */
function bigPdf(dir: string): string {
  const file = path.join(dir, 'big.pdf');
  writePdf(file, FILE_BYTES);
  // nginx's workers run as an unprivileged user: the file must be readable by anyone.
  fs.chmodSync(file, 0o644);
  return file;
}

/**
 * The file budgets (docs/performance.md): a 50 MB upload's memory cost, 16 concurrent downloads against nginx serving the
 * same file, and a member's sections read on a room of 30 sections and 300 documents.
 */
export async function measureFileBudgets(): Promise<BudgetRow[]> {
  ensureWrk();
  const { startNginx } = await import('./nginx');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-files-'));
  // nginx's workers run as an unprivileged user: the file must be readable by anyone.
  fs.chmodSync(work, 0o755);
  const ours = await startRoundroom();
  const bare = await startBareFastify();
  try {
    const pid = ours.child.pid ?? 0;
    const room = await roomWithInvestor(ours);
    const file = bigPdf(work);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rssBytes(pid);
    let downloadPath = '';
    const uploadPeak = await peakRssDuring(pid, async () => {
      downloadPath = await uploadFile(ours, room, file, 'big.pdf');
    });
    const uploadGrowth = uploadPeak - before;

    const nginx = await startNginx(work);
    // Three rounds, ours and nginx in turn, each judged by its median: one 8 s round moves by 10 points
    // of the ratio on this shared machine (68% and 79% in two runs of the same build).
    const ourRates: number[] = [];
    const nginxRates: number[] = [];
    let downloadPeak = 0;
    try {
      const headers = { authorization: `Bearer ${room.investorToken}` };
      for (let round = 0; round < DOWNLOAD_ROUNDS; round++) {
        const peak = await peakRssDuring(pid, async () => {
          ourRates.push(
            await wrkBytesPerSecond(
              `${ours.baseUrl}${downloadPath}`,
              headers,
              DOWNLOAD_CONNECTIONS,
              DOWNLOAD_SECONDS,
              DOWNLOAD_TIMEOUT_SECONDS,
            ),
          );
        });
        downloadPeak = Math.max(downloadPeak, peak);
        nginxRates.push(
          await wrkBytesPerSecond(
            `${nginx.baseUrl}/big.pdf`,
            {},
            DOWNLOAD_CONNECTIONS,
            DOWNLOAD_SECONDS,
            DOWNLOAD_TIMEOUT_SECONDS,
          ),
        );
      }
    } finally {
      await nginx.stop();
    }
    const ourRate = median(ourRates);
    const nginxRate = median(nginxRates);
    // The runtime's own cost of the same downloads: bare Node streaming the same file.
    const bareStream = await startBareFileStream(file);
    let bareStreamPeak = 0;
    let bareStreamRate = 0;
    try {
      bareStreamPeak = await peakRssDuring(bareStream.child.pid ?? 0, async () => {
        bareStreamRate = await wrkBytesPerSecond(
          `${bareStream.baseUrl}/big.pdf`,
          {},
          DOWNLOAD_CONNECTIONS,
          DOWNLOAD_SECONDS,
          DOWNLOAD_TIMEOUT_SECONDS,
        );
        return bareStreamRate;
      });
    } finally {
      await bareStream.stop();
    }

    const sections = Array.from({ length: 30 }, (_, s) => {
      const links = Array.from(
        { length: 10 },
        (_, d) => `- [Document ${s}-${d}.pdf](https://files.example.com/${s}/${d}.pdf)`,
      );
      return `## Section ${s + 1}\nWhat section ${s + 1} holds.\n${links.join('\n')}\n`;
    });
    await saveSections(ours, room, `# Company Information\nname: Bench Co\n\n${sections.join('\n')}`);
    const sectionsRps: number[] = [];
    const bareRps: number[] = [];
    for (let run = 0; run < 3; run++) {
      sectionsRps.push(
        await wrkRequestsPerSecond(`${ours.baseUrl}/api/data-room/${room.roomId}/sections`, {
          authorization: `Bearer ${room.investorToken}`,
        }),
      );
      bareRps.push(await wrkRequestsPerSecond(`${bare.baseUrl}/api/health`));
    }
    const sectionsRatio = median(sectionsRps) / median(bareRps);
    const downloadRatio = ourRate / nginxRate;

    return [
      {
        budget: '50 MB upload raises RSS <= 40 MB',
        measured: `+${mb(uploadGrowth)}`,
        baseline: `${mb(before)} before the upload`,
        pass: uploadGrowth <= 40 * 1024 * 1024,
      },
      {
        budget: '16 downloads of 50 MB >= 70% of nginx',
        measured: `${mb(ourRate)}/s (${Math.round(downloadRatio * 100)}%)`,
        // Bare Node streaming the same file shows what the runtime itself reaches beside nginx.
        baseline: `${mb(nginxRate)}/s (nginx, 1 worker); bare Node streaming the file ${mb(bareStreamRate)}/s (${Math.round((bareStreamRate / nginxRate) * 100)}%)`,
        pass: downloadRatio >= 0.7,
      },
      {
        budget: 'server RSS during those downloads < 200 MB',
        measured: mb(downloadPeak),
        baseline: `${mb(bareStreamPeak)} (bare Node streaming the file)`,
        pass: downloadPeak < 200 * 1024 * 1024,
      },
      {
        budget: 'member sections read (300 docs) >= 30% of bare Fastify',
        measured: `${Math.round(median(sectionsRps))} req/s (${Math.round(sectionsRatio * 100)}%)`,
        baseline: `${Math.round(median(bareRps))} req/s (bare Fastify)`,
        pass: sectionsRatio >= 0.3,
      },
    ];
  } finally {
    await ours.stop();
    await bare.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
