import { BookOpen, Download, ExternalLink } from 'lucide-react';
import type { z } from 'zod';
import { type accessLogEntrySchema, RECENT_ACCESS } from '#shared/contracts/admin';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';

const actions = {
  downloaded: { icon: Download, tint: 'bg-emerald-50 text-emerald-700' },
  clicked: { icon: ExternalLink, tint: 'bg-indigo-50 text-indigo-600' },
  viewed: { icon: BookOpen, tint: 'bg-sky-50 text-sky-700' },
} as const;

/** Who opened what, newest first: 'Ivy Investor downloaded Pitch deck.pdf, Today, 9:05 AM'. */
export function RecentAccess({ entries }: { entries: readonly z.infer<typeof accessLogEntrySchema>[] }) {
  return (
    <DashboardPanel
      id="admin-recent-access-title"
      title="Recent Document Access"
      description={`The latest ${RECENT_ACCESS} views, downloads and link clicks.`}
    >
      {entries.length === 0 ? (
        <EmptyPanel>
          Nothing opened yet. Views, downloads and link clicks appear here as investors read.
        </EmptyPanel>
      ) : (
        <ul aria-label="Recent document access" className="divide-y divide-slate-100">
          {entries.slice(0, RECENT_ACCESS).map((entry) => {
            const action = actions[entry.actionType];
            const Icon = action.icon;
            return (
              <li key={entry.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', action.tint)}
                >
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-600 wrap-anywhere">
                    <span className="font-medium text-slate-900">{entry.userName}</span> {entry.actionType}{' '}
                    <span className="font-medium text-slate-900">{entry.documentTitle}</span>
                    {/* Which file they read, once the document has had more than one (ADR 69). */}
                    {entry.documentVersion !== null &&
                      entry.documentVersion > 1 &&
                      ` (version ${entry.documentVersion})`}
                  </p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={entry.accessedAt}>{formatDateTime(entry.accessedAt)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardPanel>
  );
}
