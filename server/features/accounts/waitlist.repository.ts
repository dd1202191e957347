import crypto from 'node:crypto';
import { type Executor, toRow } from '#server/db/columns';
import type { WaitlistRow } from '#server/db/schema';

/** Adds the e-mail to the waitlist; joining twice keeps the first entry. */
export async function addToWaitlist(
  db: Executor,
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
