import { openDatabase } from '#server/db/database';
import { resetPasskeys } from '#server/features/passkeys/index';
import { OperationError } from '#server/operations/operation-error';
import { runOperation } from './lib/operation';

const USAGE = `npm run reset-passkeys -- <email>

The way back for someone who lost every passkey and every recovery code
(docs/decisions/0062-passkeys-and-second-factor.md): deletes the account's passkeys and recovery codes
and ends all its sessions, so that the next magic link signs them in as before they added a passkey.
Run it on the server, with its configuration (DATA_DIR, DATABASE_URL), only after confirming who is
asking by some other way than their e-mail (docs/security.md#passkeys): the mailbox alone must not be
enough. They should add a new passkey straight away.`;

await runOperation(USAGE, async (config, args) => {
  const [email, ...extra] = args;
  if (!email || extra.length > 0 || !email.includes('@')) throw new OperationError(`Usage: ${USAGE}`);
  const handle = openDatabase(config.database);
  try {
    const result = await resetPasskeys(handle.db, email.trim().toLowerCase());
    if (!result) throw new OperationError(`No account has the e-mail address ${email}.`);
    console.log(
      `Removed ${result.passkeys} passkey(s) and every recovery code of ${email}, and ended its sessions. The next sign-in link opens the account without a passkey.`,
    );
  } finally {
    await handle.close();
  }
});
