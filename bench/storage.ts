import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import Database from 'better-sqlite3';
import { createS3Client } from '#server/storage/s3-storage';
import { s3Environment, type TestS3Server } from '#tests/support/s3-server';
import { cpuSeconds } from './process-cpu';
import { type BudgetRow, mb } from './report';
import { roomWithInvestor, uploadFile, writePdf } from './room-fixture';
import { type RunningServer, startRoundroom } from './servers';
import { ensureWrk, wrkBytesPerSecond, wrkRequestsPerSecond } from './wrk';

// ADR 48's figures: downloads from S3-compatible storage streamed through the server (authorised and
// logged per request, as today) against a short-lived signed redirect (the server authorises and
// answers 302; the bucket sends the bytes), for 1 MB and 50 MB files, against s3rver on this machine,
// with the disk driver beside them. `npm run bench -- storage`. The budget is the server's own cost:
// streaming from a bucket may cost it more CPU per GB than from disk (an HTTP client in front of every
// read), but not more than three times as much.

const SIZES = [
  { label: '1 MB', bytes: 1024 * 1024 },
  { label: '50 MB', bytes: 50 * 1024 * 1024 - 4096 },
];
const CONNECTIONS = 16;
const SECONDS = 6;

type S3Settings = Omit<TestS3Server, 'stop'>;

async function startS3Process(): Promise<{ settings: S3Settings; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/s3-server.child.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(output.split('\n')[0] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  return {
    settings: JSON.parse(line) as S3Settings,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Bytes per second of `url` under 16 downloads at once, and the CPU seconds each process spent per GB. */
async function measureDownloads(url: string, headers: Record<string, string>, pids: number[]) {
  const before = pids.map(cpuSeconds);
  const rate = await wrkBytesPerSecond(url, headers, CONNECTIONS, SECONDS, 60);
  const gigabytes = (rate * SECONDS) / 1024 ** 3;
  return { rate, cpuPerGb: pids.map((pid, index) => (cpuSeconds(pid) - (before[index] ?? 0)) / gigabytes) };
}

function storageKeyOf(server: RunningServer, downloadPath: string): string {
  const id = /\/api\/documents\/([^/]+)\/download/.exec(downloadPath)?.[1];
  const db = new Database(path.join(server.dataDir, 'roundroom.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select storage_key from documents where id = ?').get(id) as {
      storage_key: string;
    };
    return row.storage_key;
  } finally {
    db.close();
  }
}

export async function measureStorageBudgets(): Promise<BudgetRow[]> {
  ensureWrk();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-bench-storage-'));
  const started: { stop(): Promise<void> }[] = [];
  const s3 = await startS3Process();
  started.push(s3);
  const onS3 = await startRoundroom({
    ...s3Environment(s3.settings, s3.settings.bucket),
    // A node on S3 is taken for one of several, which share this key (ADR 76).
    SHARE_LINK_KEY: crypto.randomBytes(32).toString('base64'),
  }).catch(async (error: unknown) => {
    await s3.stop();
    throw error;
  });
  started.push(onS3);
  const onDisk = await startRoundroom().catch(async (error: unknown) => {
    for (const server of started) await server.stop();
    throw error;
  });
  const client = createS3Client({
    driver: 's3',
    bucket: s3.settings.bucket,
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
    forcePathStyle: true,
  });
  const rows: BudgetRow[] = [];
  try {
    const s3Room = await roomWithInvestor(onS3);
    const diskRoom = await roomWithInvestor(onDisk);
    const s3Pid = onS3.child.pid ?? 0;
    const diskPid = onDisk.child.pid ?? 0;
    // What a redirect costs the server: the same authorisation and access event as a download, and no
    // bytes. A one-byte range of the download is that, plus opening the object (an upper bound).
    const authorised = { authorization: `Bearer ${s3Room.investorToken}` };
    const s3Downloads = await uploadFile(onS3, s3Room, await writeFile(work, 'tiny.pdf', 1024), 'tiny.pdf');
    const before = cpuSeconds(s3Pid);
    const redirectRate = await wrkRequestsPerSecond(`${onS3.baseUrl}${s3Downloads}`, {
      ...authorised,
      range: 'bytes=0-0',
    });
    const perRedirectMs = ((cpuSeconds(s3Pid) - before) / (redirectRate * 6)) * 1000;

    for (const size of SIZES) {
      const file = await writeFile(work, `${size.bytes}.pdf`, size.bytes);
      const s3Path = await uploadFile(onS3, s3Room, file, `${size.label}.pdf`);
      const diskPath = await uploadFile(onDisk, diskRoom, file, `${size.label}.pdf`);
      const streamed = await measureDownloads(`${onS3.baseUrl}${s3Path}`, authorised, [s3Pid, s3.pid]);
      const fromDisk = await measureDownloads(
        `${onDisk.baseUrl}${diskPath}`,
        { authorization: `Bearer ${diskRoom.investorToken}` },
        [diskPid],
      );
      // The signed URL a redirect would hand out, valid for a minute: the bucket serves it alone.
      const signed = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: s3.settings.bucket, Key: `objects/${storageKeyOf(onS3, s3Path)}` }),
        { expiresIn: 60 },
      );
      const direct = await measureDownloads(signed, {}, [s3.pid]);
      const cpuRatio = (streamed.cpuPerGb[0] ?? 0) / (fromDisk.cpuPerGb[0] ?? 1);
      rows.push({
        budget: `${size.label} from S3 through the server: server CPU per GB <= 3x from disk`,
        measured: `${mb(streamed.rate)}/s, server ${streamed.cpuPerGb[0]?.toFixed(1)} CPU s/GB (${cpuRatio.toFixed(1)}x disk), s3rver ${streamed.cpuPerGb[1]?.toFixed(1)}`,
        baseline: `disk ${mb(fromDisk.rate)}/s, ${fromDisk.cpuPerGb[0]?.toFixed(1)} CPU s/GB; signed redirect ${mb(direct.rate)}/s, s3rver ${direct.cpuPerGb[0]?.toFixed(1)} CPU s/GB, ${perRedirectMs.toFixed(2)} ms server CPU per 302`,
        pass: cpuRatio <= 3,
      });
    }
    return rows;
  } finally {
    client.destroy();
    await onS3.stop();
    await onDisk.stop();
    await s3.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function writeFile(dir: string, name: string, bytes: number): Promise<string> {
  const file = path.join(dir, name);
  writePdf(file, bytes);
  return file;
}
