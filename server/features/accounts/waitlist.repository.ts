import crypto from 'node:crypto';
import { toRow } from '#server/db/columns';
import type { ModuleExecutor } from '#server/db/schema';
import type { WaitlistRow } from './accounts.tables';

/** Adds the e-mail to the waitlist; joining twice keeps the first entry. */
export async function addToWaitlist(
  db: ModuleExecutor<'accounts'>,
  entry: { companyName: string; contactEmail: string },
): Promise<void> {
  await db
    .insertInto('waitlist')
    .values(
      toRow<WaitlistRow>({
        id: crypto.randomUUID(),
        companyName: entry.companyName,
        contactEmail: entry.contactEmail,
        createdAt: new Date(),
      }),
    )
    .onConflict((conflict) => conflict.column('contact_email').doNothing())
    .execute();
}
