import { AppPage } from '#web/components/app/app-page';
import { FoundersOnlyNotice } from '#web/components/app/page-notice';
import { isForbidden } from '#web/features/admin/api/admin-queries';
import { useTeam } from '#web/features/admin/api/team-queries';
import { TeamPanel } from '#web/features/admin/components/team-panel';

const TITLE = 'Team';

/**
 * /admin/team, in the console's Settings (ADR 58): the owner and the co-founders (ADR 47). Only the
 * owner finds it in the navigation; a co-founder who opens it reads the team and is told who manages it.
 */
export function AdminTeamPage() {
  const team = useTeam();
  if (team.error && isForbidden(team.error)) {
    return (
      <AppPage title={TITLE}>
        <FoundersOnlyNotice>
          The team of a data room is for the founder who owns it and the co-founders they invited. Your data
          rooms are on your dashboard.
        </FoundersOnlyNotice>
      </AppPage>
    );
  }
  return (
    <AppPage title={TITLE}>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-600">Who manages this data room with you.</p>
      <div className="mt-6 sm:mt-8">
        <TeamPanel />
      </div>
    </AppPage>
  );
}
