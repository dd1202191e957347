/**
 * Lists a data room's access log with an API token, through the typed client in shared/ (docs/api.md).
 *
 *   ROUNDROOM_URL=https://rooms.example.com ROUNDROOM_TOKEN=rr_... node --import tsx docs/examples/list-access-log.ts
 *   ... list-access-log.ts --csv            the whole log as CSV instead of the latest entries
 *
 * The token needs the analytics:read scope ("Read analytics and the access log"). In another project,
 * copy shared/ (it needs only zod) or depend on this repository, and import the client from there.
 */
import { createRoundroomClient, RoundroomApiError } from '#shared/client/roundroom-client';

const baseUrl = process.env.ROUNDROOM_URL;
const token = process.env.ROUNDROOM_TOKEN;
if (!baseUrl || !token) {
  process.stderr.write('Set ROUNDROOM_URL (your Roundroom address) and ROUNDROOM_TOKEN (an API token).\n');
  process.exit(2);
}

const client = createRoundroomClient({ baseUrl, token });
try {
  if (process.argv.includes('--csv')) {
    process.stdout.write(await client.accessLogCsv());
  } else {
    const entries = await client.recentAccess();
    if (entries.length === 0) process.stdout.write('No one has opened anything yet.\n');
    for (const entry of entries) {
      process.stdout.write(
        `${entry.accessedAt}\t${entry.actionType}\t${entry.userName}\t${entry.documentTitle}\n`,
      );
    }
  }
} catch (error) {
  if (!(error instanceof RoundroomApiError)) throw error;
  process.stderr.write(`Roundroom refused (${error.status} ${error.code}): ${error.message}\n`);
  process.exit(1);
}
