import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AppPage } from '#web/components/app/app-page';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { useHomePath } from '#web/features/auth/api/auth-hooks';
import { RequireSession } from '#web/features/auth/components/require-session';
import { type OpenInvitedPage, RoomContentView } from '#web/features/data-room/components/room-content-view';
import { RoomLoader } from '#web/features/data-room/components/room-loader';
import { NoOwnRoom, RoomLoadFailed } from '#web/features/data-room/components/room-states';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ApiRequestError } from '#web/lib/api-client';

/**
 * /data-room: with ?invite=TOKEN the public invited view (no session); otherwise the signed-in
 * founder's own room, behind the session check. `belowInvitedRoom` is what the app composes under the
 * invited view's room (its FAQ), `searchInInvitedRoom` under its header (the search inside its pages).
 */
export function DataRoomPage({
  belowInvitedRoom,
  searchInInvitedRoom,
}: {
  belowInvitedRoom?: (token: string) => ReactNode;
  searchInInvitedRoom?: (room: { token: string; roomId: string; open?: OpenInvitedPage }) => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  if (invite)
    return <InvitedRoomPage token={invite} below={belowInvitedRoom?.(invite)} search={searchInInvitedRoom} />;
  return (
    <RequireSession>
      <OwnRoomPage />
    </RequireSession>
  );
}

/**
 * The invited view: the room at once, read-only, and one button that opens it with the invitation
 * (docs/product-rules.md#invited-view, docs/decisions/0055-invitation-as-credential.md). Someone signed in
 * sees the way to their rooms in the header, not "Login".
 */
function InvitedRoomPage({
  token,
  below,
  search,
}: {
  token: string;
  below?: ReactNode;
  search?: (room: { token: string; roomId: string; open?: OpenInvitedPage }) => ReactNode;
}) {
  const homePath = useHomePath();
  const account = homePath ? (
    <Button asChild variant="outline" size="sm">
      <Link to={homePath}>Your data rooms</Link>
    </Button>
  ) : undefined;
  return (
    <PublicPage title="Data room" account={account}>
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <RoomLoader source={{ kind: 'invite', token }}>
          {(content, invitedEmail, source) => (
            <>
              <title>{`${content.dataRoom.companyName} data room · Roundroom`}</title>
              <RoomContentView
                content={content}
                source={source}
                invitedEmail={invitedEmail}
                hideEmptySections
                search={search ? (open) => search({ token, roomId: content.dataRoom.id, open }) : undefined}
              />
              {below && <div className="mt-10">{below}</div>}
            </>
          )}
        </RoomLoader>
      </div>
    </PublicPage>
  );
}

/** /data-room and /app: the signed-in founder's own room, as its investors see it. */
export function OwnRoomPage() {
  const myRoom = useMyDataRoom();
  const forbidden = myRoom.error instanceof ApiRequestError && myRoom.error.status === 403;
  return (
    <AppPage title="Data room">
      {forbidden ? (
        <NoOwnRoom />
      ) : myRoom.isError ? (
        <RoomLoadFailed onRetry={() => myRoom.refetch()} />
      ) : (
        <RoomLoader source={myRoom.data ? { kind: 'member', roomId: myRoom.data.id } : null}>
          {(content, _invitedEmail, source) => (
            <RoomContentView content={content} source={source} hideEmptySections />
          )}
        </RoomLoader>
      )}
    </AppPage>
  );
}
