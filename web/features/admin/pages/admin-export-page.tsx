import { useQuery } from '@tanstack/react-query';
import { AppPage } from '#web/components/app/app-page';
import { LoadFailed } from '#web/components/app/load-failed';
import { FoundersOnlyNotice } from '#web/components/app/page-notice';
import { PageSpinner } from '#web/components/ui/spinner';
import { adminUsersQuery, isForbidden } from '#web/features/admin/api/admin-queries';
import { ExportCsvPanel } from '#web/features/admin/components/export-csv-panel';

const TITLE = 'Export CSV';

/**
 * /admin/analytics/export, Analytics ▸ Export CSV in the console (docs/decisions/0058-one-console.md):
 * the room's records as CSV (docs/decisions/0042-csv-exports.md), beside the reading they count. The
 * investors are read for the per-investor export's choice.
 */
export function AdminExportPage() {
  const users = useQuery({ ...adminUsersQuery, refetchOnMount: 'always' });

  if (users.error && isForbidden(users.error)) {
    return (
      <AppPage title={TITLE}>
        <FoundersOnlyNotice>
          The records of a data room are for the founder who owns it and the co-founders they invited. Your
          data rooms are on your dashboard.
        </FoundersOnlyNotice>
      </AppPage>
    );
  }

  return (
    <AppPage title={TITLE}>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-600">Every record of your data room, as a spreadsheet.</p>
      <div className="mt-6 sm:mt-8">
        {users.data ? (
          <ExportCsvPanel investors={users.data} />
        ) : users.isError ? (
          <LoadFailed what="the investors" onRetry={() => users.refetch()} />
        ) : (
          <PageSpinner label="Loading..." showLabel />
        )}
      </div>
    </AppPage>
  );
}
