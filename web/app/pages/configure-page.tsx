import { BookOpen, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '../../../shared/routes';
import { AppPage } from '../../components/app/app-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { InvitesPanel } from '../../features/invitations/components/invites-panel';
import { useMyDataRoom } from '../../features/rooms/api/use-my-data-room';
import { ApiRequestError } from '../../lib/api-client';

/**
 * /configure, the founder's console. It composes features, so it lives in the app layer. Today it holds
 * the invitations; files and sections join it with the data-room work.
 */
export function ConfigurePage() {
  const room = useMyDataRoom();

  if (room.isPending) {
    return (
      <AppPage title="Configure">
        <PageSpinner label="Loading your data room…" />
      </AppPage>
    );
  }
  if (room.isError) {
    const forbidden = room.error instanceof ApiRequestError && room.error.status === 403;
    return (
      <AppPage title="Configure">
        <Card className="mx-auto max-w-lg">
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center sm:py-10">
            <ShieldAlert className="size-10 text-amber-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold text-slate-900">
              {forbidden ? 'This page is for founders' : 'Something went wrong'}
            </h1>
            <p className="text-sm text-slate-600">
              {forbidden
                ? 'Only the founder who owns a data room can configure it. Your data rooms are on your dashboard.'
                : room.error.message}
            </p>
            {forbidden ? (
              <Button asChild>
                <Link to={href('investorDashboard')}>Go to your dashboard</Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => room.refetch()}>
                Try again
              </Button>
            )}
          </CardContent>
        </Card>
      </AppPage>
    );
  }

  return (
    <AppPage title={`${room.data.companyName} data room`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-slate-900 sm:text-3xl">
            {room.data.companyName} data room
          </h1>
          <p className="mt-1 text-slate-600">Invite investors and see who has signed in.</p>
        </div>
        <Button asChild variant="outline">
          <a href={href('docs')} target="_blank" rel="noopener">
            <BookOpen aria-hidden="true" />
            Docs
          </a>
        </Button>
      </div>
      <section aria-labelledby="invites-heading" className="mt-8">
        <h2 id="invites-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Invites
        </h2>
        <InvitesPanel />
      </section>
    </AppPage>
  );
}
