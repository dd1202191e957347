import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '#server/storage/s3-storage';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the buckets on disk (see unfinishedMultipartUploads). */
  directory: string;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials: it checks signatures made with them. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real S3-compatible server (the npm package s3rver, storing under a throwaway directory) on a free
 * port, with one empty bucket. Tests that need more buckets make them with createTestBucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'roundroom-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  keepDirectoriesOnDelete(server);
  answerPutsOnceWritten(server);
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `roundroom-${crypto.randomBytes(4).toString('hex')}`;
  await createTestBucket(
    { endpoint, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    bucket,
  );
  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface S3rverStore {
  deleteObject(bucket: string, key: string): Promise<void>;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}

interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: unknown;
}

/**
 * s3rver keeps a key's prefixes as directories and, deleting an object, removes those left empty. A put
 * under the same prefix at that moment (it makes the directory, then opens its file) fails with ENOENT,
 * as an error its write stream does not handle, and that ends the whole process (seen when uploads are
 * stored and committed in parallel: `tmp/` empties and fills all the time). Deleting only the object's
 * files, and leaving the directories (which listings skip), takes the race away.
 */
function keepDirectoriesOnDelete(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        fs.promises.rm(store.getResourcePath(bucket, key, resource), { force: true }),
      ),
    );
  };
}

/**
 * s3rver answers a put once it has handed the bytes to its file's write stream, not once they are in the
 * file: a HEAD right after (as our S3 storage makes, to check the byte count before anyone is told a file
 * is stored) has seen 0 bytes of a 4 KB upload. S3 itself answers a put when the object is readable; this
 * put does too: the same files, written before it answers.
 */
function answerPutsOnceWritten(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = crypto.createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(
      content,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      }),
      fs.createWriteStream(objectPath),
    );
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

type S3Endpoint = Pick<TestS3Server, 'endpoint' | 'accessKeyId' | 'secretAccessKey'>;

/** The app's configuration for `bucket` on the test server: what an operator would set. */
export function s3Environment(server: S3Endpoint, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Makes a new empty bucket on the test server (one per test app, as each has its own database). */
export async function createTestBucket(server: S3Endpoint, bucket?: string): Promise<string> {
  const name = bucket ?? `roundroom-${crypto.randomBytes(6).toString('hex')}`;
  const client = createS3Client({
    driver: 's3',
    bucket: name,
    endpoint: server.endpoint,
    region: REGION,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    forcePathStyle: true,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return name;
}

/**
 * The multipart uploads begun in `bucket` and neither completed nor aborted, each with the bytes of the
 * parts it holds. S3 lists them (ListMultipartUploads), but s3rver answers that with NotImplemented, so
 * this reads its store: <directory>/<bucket>/._S3rver_uploads/<upload id>/<part number>.
 */
export function unfinishedMultipartUploads(
  directory: string,
  bucket: string,
): { id: string; bytes: number }[] {
  const uploads = path.join(directory, bucket, '._S3rver_uploads');
  if (!fs.existsSync(uploads)) return [];
  return fs.readdirSync(uploads).map((id) => ({
    id,
    bytes: fs
      .readdirSync(path.join(uploads, id))
      .filter((name) => /^\d+$/.test(name))
      .reduce((total, part) => total + fs.statSync(path.join(uploads, id, part)).size, 0),
  }));
}
