import { cachedUntilRejected } from '#server/workers/entry-file';

/**
 * Readers rolled up by firm (docs/product-rules.md#reading-analytics): a firm is the domain of a
 * reader's address, except the webmail domains of a kept list (free-email-domains-list), whose readers
 * are people rather than firms. The list (about 97,000 domains) is loaded on the first roll-up, not at
 * start: an idle server need not hold it (docs/decisions/0067).
 */
const webmailDomains = cachedUntilRejected(async (): Promise<ReadonlySet<string>> => {
  // A CommonJS module: its exports are the namespace's own under tsx, its `default` once bundled.
  const loaded = (await import('free-email-domains-list/build/src/constants')) as {
    DOMAINS?: ReadonlySet<string>;
    default?: { DOMAINS?: ReadonlySet<string> };
  };
  const domains = loaded.DOMAINS ?? loaded.default?.DOMAINS;
  if (!domains) throw new Error('free-email-domains-list exports no DOMAINS');
  return domains;
});

export interface FirmTotals {
  firm: string;
  readerCount: number;
  readMs: number;
}

/** The firms of these readers, most read first; readers at webmail addresses are left out. */
export async function firmsOf(readers: readonly { email: string; readMs: number }[]): Promise<FirmTotals[]> {
  const webmail = await webmailDomains();
  const firms = new Map<string, { readerCount: number; readMs: number }>();
  for (const reader of readers) {
    const domain = reader.email.slice(reader.email.lastIndexOf('@') + 1).toLowerCase();
    if (!domain || webmail.has(domain)) continue;
    const firm = firms.get(domain) ?? { readerCount: 0, readMs: 0 };
    firm.readerCount += 1;
    firm.readMs += reader.readMs;
    firms.set(domain, firm);
  }
  return [...firms]
    .map(([firm, totals]) => ({ firm, ...totals }))
    .sort((a, b) => b.readMs - a.readMs || b.readerCount - a.readerCount || a.firm.localeCompare(b.firm));
}

/** The firm of each address: its domain, or null for a webmail address (a person rather than a firm). */
export async function firmsOfAddresses(emails: readonly string[]): Promise<Map<string, string | null>> {
  const webmail = await webmailDomains();
  return new Map(
    emails.map((email) => {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      return [email, !domain || webmail.has(domain) ? null : domain];
    }),
  );
}
