import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CalendarX, DoorOpen, MailCheck, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { useCurrentUser, useHomePath, useRequestMagicLink } from '#web/features/auth/api/auth-hooks';
import { useAcceptInvitation, useInvitationLinkState } from '#web/features/data-room/api/invitation-link';
import { documentPageHref } from '#web/features/viewer/api/viewer-address';
import { warmViewerCode } from '#web/features/viewer/api/viewer-code';
import { ApiRequestError } from '#web/lib/api-client';
import { formatDate } from '#web/lib/format';
import { dataRoomKeys, type RoomSource } from '#web/lib/query-keys';
import { whenIdle } from '#web/lib/when-idle';
import { InvalidInvitation, RoomLoading, RoomUnavailable, StateCard } from './room-states';

/**
 * Opens the room from its invitation (docs/decisions/0055-invitation-as-credential.md): one POST accepts
 * it and signs this device in, then the room opens at its URL, or the document the reader tapped (at the
 * page a search found, `at`), with the
 * room behind it in the history. The invitation page itself is replaced: Back never returns to a link
 * that no longer signs in.
 */
export function useOpenInvitedRoom(token: string) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = (documentId?: string, at?: { page: number; q: string }) => {
    // One acceptance: a second tap (the button, or a document's row) while the first is on its way waits.
    if (accept.isPending) return;
    // What the invited view already shows is the room the member's page reads: read it before the sign-in
    // clears the cache, so the room opens without asking for it again (ADR 56).
    const shown = roomShownByInvitation(queryClient, token);
    accept.mutate(undefined, {
      onSuccess: ({ roomId }) => {
        if (shown) seedMemberRoom(queryClient, roomId, shown);
        navigate(href('dataRoomById', { id: roomId }), { replace: true });
        // A search result opens its page with the words highlighted.
        if (documentId)
          navigate(
            at
              ? documentPageHref(roomId, documentId, at)
              : href('documentInRoom', { id: roomId, documentId }),
          );
      },
    });
  };
  return { open, isPending: accept.isPending, error: accept.error };
}

type ShownRoom = [room: unknown, sections: unknown, documents: unknown];

function roomShownByInvitation(queryClient: QueryClient, token: string): ShownRoom | null {
  const source: RoomSource = { kind: 'invite', token };
  const shown: ShownRoom = [
    queryClient.getQueryData(dataRoomKeys.room(source)),
    queryClient.getQueryData(dataRoomKeys.sections(source)),
    queryClient.getQueryData(dataRoomKeys.documents(source)),
  ];
  return shown.every((data) => data !== undefined) ? shown : null;
}

/**
 * The member's room, seeded with what the invitation showed a moment ago and marked stale: the room's page
 * draws it at once and reads it again behind it, so nothing changed meanwhile is kept.
 */
function seedMemberRoom(queryClient: QueryClient, roomId: string, [room, sections, documents]: ShownRoom) {
  const source: RoomSource = { kind: 'member', roomId };
  queryClient.setQueryData(dataRoomKeys.room(source), { ...(room as object), invitedEmail: null });
  queryClient.setQueryData(dataRoomKeys.sections(source), sections);
  queryClient.setQueryData(dataRoomKeys.documents(source), documents);
  void queryClient.invalidateQueries({ queryKey: dataRoomKeys.source(source), refetchType: 'none' });
}

/**
 * The code the way in will need, fetched while the investor reads the invitation: the room's page and the
 * viewer's (each its own chunk, ADR 56). Code only: no data is read before the invitation is accepted.
 * Asked for once the page is drawn and the browser is idle.
 */
function useWarmRoomCode() {
  useEffect(
    () =>
      whenIdle(() => {
        void import('#web/features/data-room/pages/data-room-by-id-page');
        warmViewerCode();
      }),
    [],
  );
}

/** The invited view's one call to action, above the room it shows. */
export function OpenRoomPanel({
  token,
  invitedEmail,
  companyName,
}: {
  token: string;
  invitedEmail: string | null;
  companyName: string;
}) {
  const { open, isPending, error } = useOpenInvitedRoom(token);
  const { data: user } = useCurrentUser();
  useWarmRoomCode();
  const someoneElse = user && invitedEmail && user.email !== invitedEmail ? user.email : null;
  return (
    <section
      aria-label="Your invitation"
      className="flex flex-col gap-4 rounded-xl border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-indigo-950">
          You are invited to {companyName}’s data room
        </p>
        <p className="mt-0.5 text-sm break-words text-indigo-900">
          {invitedEmail ? `Open it as ${invitedEmail}: ` : ''}
          this device stays signed in for 7 days, with no password and no second e-mail.
          {someoneElse &&
            ` You are signed in as ${someoneElse}; opening the room signs you in as the invitee instead.`}
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error.message}
          </p>
        )}
      </div>
      <Button size="lg" className="shrink-0" disabled={isPending} onClick={() => open()}>
        <DoorOpen aria-hidden="true" />
        {isPending ? 'Opening…' : 'Open the data room'}
      </Button>
    </section>
  );
}

/**
 * An invitation link the invited view refused: why, in words, and the way on. An accepted link offers a
 * sign-in link to the invited address (returning to the room), or the room itself to that person when
 * already signed in here.
 */
export function InvitationLinkStatePanel({ token }: { token: string }) {
  const link = useInvitationLinkState(token);
  const { data: user } = useCurrentUser();
  if (link.isPending) return <RoomLoading />;
  if (link.isError || !link.data) return <InvalidInvitation />;
  const { state, invitedEmail, expiresAt, roomId } = link.data;
  if (state === 'accepted' && roomId) {
    if (user?.email === invitedEmail)
      return (
        <StateCard
          icon={<DoorOpen className="size-6" />}
          title="You have already opened this data room"
          action={
            <Button asChild>
              <Link to={href('dataRoomById', { id: roomId })}>
                Open the data room
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        >
          You are signed in as {invitedEmail}.
        </StateCard>
      );
    return <AcceptedElsewhere invitedEmail={invitedEmail} roomId={roomId} />;
  }
  if (state === 'expired')
    return (
      <StateCard
        icon={<CalendarX className="size-6" />}
        title="This invitation has expired"
        action={user ? <HomeButton /> : undefined}
      >
        The invitation to {invitedEmail} was valid until {formatDate(expiresAt)}. Ask the founder to invite
        you again.
      </StateCard>
    );
  if (state === 'withdrawn')
    return (
      <StateCard
        icon={<MailX className="size-6" />}
        title="This invitation was withdrawn"
        action={user ? <HomeButton /> : undefined}
      >
        The founder withdrew the invitation to {invitedEmail}. If you think this is a mistake, ask them to
        invite you again.
      </StateCard>
    );
  // Still pending, but the room is closed.
  return <RoomUnavailable />;
}

function HomeButton() {
  const homePath = useHomePath();
  if (!homePath) return null;
  return (
    <Button asChild variant="outline">
      <Link to={homePath}>Go to your data rooms</Link>
    </Button>
  );
}

/** The link was used on another device: the invitation is spent, a sign-in link to the same address is not. */
function AcceptedElsewhere({ invitedEmail, roomId }: { invitedEmail: string; roomId: string }) {
  const requestLink = useRequestMagicLink();
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <StateCard icon={<MailCheck className="size-6" />} title="Check your email">
        We sent a sign-in link to <span className="break-all">{invitedEmail}</span>. It opens the data room on
        this device.
      </StateCard>
    );
  const failure =
    requestLink.error instanceof ApiRequestError
      ? requestLink.error.message
      : requestLink.error
        ? 'The sign-in link could not be sent. Please try again.'
        : null;
  return (
    <StateCard
      icon={<DoorOpen className="size-6" />}
      title="This invitation was already used"
      action={
        <div className="flex flex-col items-center gap-2">
          <Button
            disabled={requestLink.isPending}
            onClick={() =>
              requestLink.mutate(
                { email: invitedEmail, returnTo: href('dataRoomById', { id: roomId }) },
                { onSuccess: () => setSent(true) },
              )
            }
          >
            <MailCheck aria-hidden="true" />
            {requestLink.isPending ? 'Sending…' : 'Email me a sign-in link'}
          </Button>
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failure}
            </p>
          )}
        </div>
      }
    >
      The invitation opened the data room on another device or browser, and works only once. To open it here,
      sign in with a link sent to {invitedEmail}.
    </StateCard>
  );
}
