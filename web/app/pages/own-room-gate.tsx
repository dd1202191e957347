import type { ReactNode } from 'react';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { AppPage } from '#web/components/app/app-page';
import { FoundersOnlyNotice, PageNotice } from '#web/components/app/page-notice';
import { Button } from '#web/components/ui/button';
import { PageSpinner } from '#web/components/ui/spinner';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ApiRequestError } from '#web/lib/api-client';

interface OwnRoomGateProps {
  /** The document title while the room loads or cannot be shown. */
  title: string;
  /** Why an investor cannot use this page, under 'This page is for founders'. */
  foundersOnly: string;
  children: (room: MyDataRoom) => ReactNode;
}

/**
 * The console pages that work on the founder's own room: a spinner while it loads, 'This page is for
 * founders' for anyone who owns none (403), and the error with Try again otherwise.
 */
export function OwnRoomGate({ title, foundersOnly, children }: OwnRoomGateProps) {
  const room = useMyDataRoom();
  if (room.isSuccess) return children(room.data);
  return (
    <AppPage title={title}>
      {room.isPending ? (
        <PageSpinner label="Loading your data room…" />
      ) : room.error instanceof ApiRequestError && room.error.status === 403 ? (
        <FoundersOnlyNotice>{foundersOnly}</FoundersOnlyNotice>
      ) : (
        <PageNotice
          title="Something went wrong"
          action={
            <Button variant="outline" onClick={() => room.refetch()}>
              Try again
            </Button>
          }
        >
          {room.error?.message}
        </PageNotice>
      )}
    </AppPage>
  );
}
