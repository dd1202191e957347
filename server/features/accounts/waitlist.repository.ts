import crypto from 'node:crypto';
import type { Executor } from '../../db/columns';

/** Adds the e-mail to the waitlist; joining twice keeps the first entry. */
export async function addToWaitlist(
  db: Executor,
  entry: { companyName: string; contactEmail: string },
): Promise<void> {
  await db
    .insertInto('waitlist')
    .values({
      id: crypto.randomUUID(),
      company_name: entry.companyName,
      contact_email: entry.contactEmail,
      created_at: Date.now(),
    })
    .onConflict((conflict) => conflict.column('contact_email').doNothing())
    .execute();
}
