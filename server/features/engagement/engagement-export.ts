import type { CsvCell } from '#server/features/exports/index';
import { csvText } from '#server/features/exports/index';
import { attachmentDisposition } from '#server/storage/download';
import { CRM_CSV_HEADER, type EngagementExport, type HotInvestors } from '#shared/contracts/engagement';

/**
 * The ranked list as a CRM imports it (docs/decisions/0089-engagement-score.md): one row per person with
 * name, e-mail, firm (the "Company" column HubSpot, Pipedrive and Salesforce map by default), score, last
 * seen and the documents read. The CSV is written by the exports' writer (csv-output.ts): RFC 4180, UTF-8
 * with a byte-order mark, and every text cell formula-safe (a name such as `=HYPERLINK(...)` is inert).
 */

export function crmRowsOf(list: HotInvestors): EngagementExport['investors'] {
  return list.investors.map((investor) => ({
    name: investor.name,
    email: investor.email,
    firm: investor.firm,
    score: investor.score,
    band: investor.band,
    lastSeenAt: investor.lastSeenAt,
    documentsRead: investor.documentsRead.length,
    documents: investor.documentsRead.map((document) => document.title),
    why: investor.why.map((reason) => reason.text),
  }));
}

/** The CSV file's text and its name. */
export async function engagementCsv(
  list: HotInvestors,
  at: Date,
): Promise<{ text: string; contentDisposition: string }> {
  const rows: CsvCell[][] = crmRowsOf(list).map((row) => [
    row.name,
    row.email,
    row.firm ?? '',
    row.score,
    row.band,
    row.lastSeenAt ?? '',
    row.documentsRead,
    row.documents.join('; '),
    row.why.join('; '),
  ]);
  async function* pages() {
    yield rows;
  }
  let text = '';
  for await (const piece of csvText(CRM_CSV_HEADER, pages())) text += piece;
  const day = at.toISOString().slice(0, 10);
  return { text, contentDisposition: attachmentDisposition(`roundroom-hot-investors-${day}.csv`) };
}
