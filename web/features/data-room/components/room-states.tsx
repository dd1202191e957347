import { FolderLock, LayoutDashboard, Link2Off, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ApiRequestError } from '#web/lib/api-client';
import { FirstScreen } from '#web/lib/first-screen';

/**
 * The room while its data loads: what the server wrote for this page if it is the first one, else the
 * room's frame (its heading and rows to come), so the room appears where it will be, with no spinner.
 */
export function RoomLoading() {
  return (
    <FirstScreen
      part="frame"
      fallback={
        <div data-room-frame aria-busy="true">
          <span className="sr-only" role="status">
            Loading the data room…
          </span>
          <div className="h-10 w-64 max-w-full animate-pulse rounded-lg bg-slate-100" />
          <div className="mt-8 flex flex-col gap-3" aria-hidden="true">
            <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
            <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
            <div className="h-20 animate-pulse rounded-xl bg-slate-100" />
          </div>
        </div>
      }
    />
  );
}

export function StateCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-12">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500"
        >
          {icon}
        </span>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <p className="max-w-md text-sm text-slate-600">{children}</p>
        {action && <div className="mt-2">{action}</div>}
      </CardContent>
    </Card>
  );
}

function DashboardButton() {
  return (
    <Button asChild>
      <Link to={href('investorDashboard')}>
        <LayoutDashboard aria-hidden="true" />
        Go to your dashboard
      </Link>
    </Button>
  );
}

/** 404 from the server: no such room, no access, or an inactive room (which investors may not see). */
export function RoomUnavailable() {
  return (
    <StateCard
      icon={<FolderLock className="size-6" />}
      title="This data room is unavailable"
      action={<DashboardButton />}
    >
      The data room is not available right now, or you do not have access to it. If you were invited, ask the
      founders to check that the room is active and that your invitation is still valid.
    </StateCard>
  );
}

/** An investor at /data-room: there is no room of their own, only the rooms they were invited to. */
export function NoOwnRoom() {
  return (
    <StateCard
      icon={<FolderLock className="size-6" />}
      title="You do not have a data room of your own"
      action={<DashboardButton />}
    >
      The data rooms you were invited to are listed on your dashboard.
    </StateCard>
  );
}

export function InvalidInvitation() {
  return (
    <StateCard
      icon={<Link2Off className="size-6" />}
      title="This invitation link is not valid"
      action={
        <Button asChild>
          <Link to={href('login')}>
            <LogIn aria-hidden="true" />
            Sign in
          </Link>
        </Button>
      }
    >
      The link may have expired or been withdrawn by the founders, or it was copied incompletely. If you have
      already accepted the invitation, sign in to open the data room.
    </StateCard>
  );
}

export function RoomLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StateCard
      icon={<FolderLock className="size-6" />}
      title="Something went wrong"
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      The data room could not be loaded.
    </StateCard>
  );
}

/** The room is not there for this caller: 404, or a request the server refused as malformed. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
