import type { LinkAnalytics } from '#shared/contracts/reading';
import { useLinkAnalytics } from '#web/features/reading-analytics/api/link-analytics-queries';
import { formatReadingTime, formatShare, versionsText } from '#web/features/reading-analytics/reading-time';
import { AnalyticsPanel, DataTable, EmptyNote } from './analytics-panel';

type LinkRow = LinkAnalytics['links'][number];

/**
 * "Links" (docs/decisions/0095-document-links.md): each document link beside the others (visits,
 * readers, time, completion, the page where readers stop), then who read by each, page by page, and
 * whose link a forwarded reader came by.
 */
export function LinksPanel() {
  const links = useLinkAnalytics();
  const data = links.data?.links ?? [];
  return (
    <AnalyticsPanel
      id="links"
      title="Links"
      description="Your document links side by side: what each recipient, and whoever they forwarded it to, read."
    >
      {links.isPending ? (
        <EmptyNote>Loading…</EmptyNote>
      ) : links.isError ? (
        <EmptyNote>The links could not be loaded. Reload the page to try again.</EmptyNote>
      ) : data.length === 0 ? (
        <EmptyNote>
          No document links yet. “Share” on a file in Files makes a link to that document alone, one per
          recipient.
        </EmptyNote>
      ) : (
        <div className="flex flex-col gap-6">
          <DataTable
            caption="Document links compared"
            headers={['Link', 'Visits', 'Readers', 'Time', 'Completion', 'Readers stop at']}
            rows={data.map((link) => ({
              key: link.id,
              cells: [
                <span key="name">
                  <span className="font-medium text-slate-900">{link.name}</span>
                  <span className="block text-xs text-slate-500">{link.documentTitle}</span>
                </span>,
                link.visits,
                link.readers,
                formatReadingTime(link.readMs / 1000),
                formatShare(link.completion),
                link.stopPage === null ? '—' : `page ${link.stopPage}`,
              ],
            }))}
          />
          {data
            .filter((link) => link.readerRows.length > 0)
            .map((link) => (
              <LinkReaders key={link.id} link={link} />
            ))}
        </div>
      )}
    </AnalyticsPanel>
  );
}

function LinkReaders({ link }: { link: LinkRow }) {
  return (
    <section aria-label={`Readers of ${link.name}`} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-900">
        {link.name} <span className="font-normal text-slate-500">· {link.documentTitle}</span>
      </h3>
      <ul className="flex flex-col divide-y divide-slate-100 text-sm">
        {link.readerRows.map((reader) => (
          <li key={reader.email} className="flex flex-col gap-1 py-2">
            <p className="break-all text-slate-900">
              {reader.forwardedFrom ? (
                <>
                  Forwarded to <strong>{reader.email}</strong> by {reader.forwardedFrom}
                </>
              ) : (
                <strong>{reader.email}</strong>
              )}
            </p>
            <p className="text-slate-600">
              {reader.visits} {reader.visits === 1 ? 'visit' : 'visits'} ·{' '}
              {formatReadingTime(reader.readMs / 1000)} ·{' '}
              {reader.lastPage === null ? 'no page yet' : `reached page ${reader.lastPage}`} ·{' '}
              {versionsText(reader.versions)}
            </p>
            {reader.pages.length > 0 && (
              <ol aria-label={`Pages ${reader.email} read`} className="flex flex-wrap gap-1.5">
                {reader.pages.map((page) => (
                  <li
                    key={page.page}
                    className="rounded bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900 tabular-nums"
                  >
                    p. {page.page}: {formatReadingTime(page.readMs / 1000)}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
