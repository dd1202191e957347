import { FileText, FolderOpen, type LucideIcon, MailQuestion, Users } from 'lucide-react';
import type { DashboardCounters as Counters } from '#web/features/admin/admin-summary';

const counters: { key: keyof Counters; label: string; icon: LucideIcon }[] = [
  { key: 'activeUsers', label: 'Active Users', icon: Users },
  { key: 'totalDocuments', label: 'Total Documents', icon: FileText },
  { key: 'pendingInvitations', label: 'Pending Invitations', icon: MailQuestion },
  { key: 'sections', label: 'Data Room Sections', icon: FolderOpen },
];

/** The four counters at the top of the dashboard, as a description list: a label and its number. */
export function DashboardCounters({ values }: { values: Counters }) {
  return (
    <section aria-labelledby="admin-counters-title">
      <h2 id="admin-counters-title" className="sr-only">
        At a glance
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {counters.map(({ key, label, icon: Icon }) => (
          <div
            key={key}
            className="flex flex-col justify-between gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
          >
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-600">
              {label}
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600"
              >
                <Icon className="size-4" />
              </span>
            </dt>
            <dd className="text-3xl font-semibold text-slate-900 tabular-nums">{values[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
