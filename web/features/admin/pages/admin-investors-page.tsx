import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppPage } from '#web/components/app/app-page';
import { LoadFailed } from '#web/components/app/load-failed';
import { FoundersOnlyNotice } from '#web/components/app/page-notice';
import { PageSpinner } from '#web/components/ui/spinner';
import { adminUsersQuery, isForbidden } from '#web/features/admin/api/admin-queries';
import { NdaAcceptancesPanel } from '#web/features/admin/components/nda-acceptances-panel';
import { UsersTable } from '#web/features/admin/components/users-table';

const TITLE = 'Investors';

/**
 * /admin/investors, the console's Investors place beside the invitations (ADR 58): who joined and the
 * NDA each accepted, moved here from /admin's one long page (the CSV exports are in Analytics). Like /admin,
 * each visit reloads what investors did elsewhere. The groups (and each person's end of access) are the
 * groups feature's, composed by the app (web/app/pages/admin-investors-page.tsx).
 */
export function AdminInvestorsPage({ groups }: { groups?: ReactNode }) {
  const users = useQuery({ ...adminUsersQuery, refetchOnMount: 'always' });

  if (users.error && isForbidden(users.error)) {
    return (
      <AppPage title={TITLE}>
        <FoundersOnlyNotice>
          The investors of a data room are for the founder who owns it and the co-founders they invited. Your
          data rooms are on your dashboard.
        </FoundersOnlyNotice>
      </AppPage>
    );
  }

  return (
    <AppPage title={TITLE}>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-600">
        Who joined your data room, the group each reads as, who sees each section, and the NDA each accepted.
      </p>
      <div className="mt-6 flex flex-col gap-8 sm:mt-8">
        {groups}
        {users.data ? (
          <UsersTable users={users.data} />
        ) : users.isError ? (
          <LoadFailed what="the investors" onRetry={() => users.refetch()} />
        ) : (
          <PageSpinner label="Loading..." showLabel />
        )}
        <NdaAcceptancesPanel />
      </div>
    </AppPage>
  );
}
