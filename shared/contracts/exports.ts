import { z } from 'zod';
import { fileAnswer } from './answers';
import { type ApiRoute, apiPath, apiRoute } from './api-route';

/** The founder's CSV exports (docs/decisions/0042-csv-exports.md), each at /api/admin/exports/<kind>.csv. */
export const EXPORT_KINDS = ['access-log', 'documents', 'investors', 'nda-acceptances', 'questions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const day = (field: string) =>
  z.iso.date({ error: `must be a date written YYYY-MM-DD (${field})` }).optional();

/**
 * The filters every export takes: a date range (whole days in UTC, both inclusive), one investor and
 * one investor group (docs/decisions/0068-investor-groups.md).
 */
export const exportQuerySchema = z
  .strictObject({
    from: day('the first day'),
    to: day('the last day'),
    investor: z.uuid({ error: 'must be an investor id' }).optional(),
    group: z.uuid({ error: 'must be a group id' }).optional(),
    /** The readers one share link brought (docs/decisions/0071-share-links.md). */
    shareLink: z.uuid({ error: 'must be a share link id' }).optional(),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The route of an export with its filters, for a plain link (the session cookie authenticates it). */
export function exportHref(kind: ExportKind, filters: ExportQuery = {}): string {
  return apiPath(exportRoutes[kind], { query: filters });
}

/** One route per export (docs/decisions/0065-query-keys-and-api-routes.md). */
/** The CSV file, streamed as it is read from the database (never serialized). */
const csvFile = fileAnswer('A CSV file (RFC 4180, UTF-8 with a byte-order mark).');

const exportRoute = <const Path extends string>(path: Path) =>
  apiRoute('GET', path, { query: exportQuerySchema, file: csvFile, refusals: [400, 401, 403, 404] });

export const exportRoutes = {
  'access-log': exportRoute('/api/admin/exports/access-log.csv'),
  documents: exportRoute('/api/admin/exports/documents.csv'),
  investors: exportRoute('/api/admin/exports/investors.csv'),
  'nda-acceptances': exportRoute('/api/admin/exports/nda-acceptances.csv'),
  questions: exportRoute('/api/admin/exports/questions.csv'),
} satisfies Record<ExportKind, ApiRoute>;
