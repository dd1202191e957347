import { startS3Server } from '#tests/support/s3-server';

// s3rver in a process of its own for bench/storage.ts, so its CPU is neither the server's nor the
// load generator's. Prints its settings as one JSON line, then serves until killed.
const server = await startS3Server();
const { endpoint, bucket, region, accessKeyId, secretAccessKey } = server;
console.log(JSON.stringify({ endpoint, bucket, region, accessKeyId, secretAccessKey }));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
