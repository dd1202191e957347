import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { href } from '#shared/routes';
import { PageSpinner } from '#web/components/ui/spinner';
import { secondFactorPendingQuery, useCurrentUser } from '#web/features/auth/api/auth-hooks';
import { FirstScreen } from '#web/lib/first-screen';
import { ConfirmMailboxStep } from './confirm-mailbox-step';

// Loaded only for a visitor without a session: a reader's page (the invitation's, a room's) does not
// carry the sign-in and passkey code (docs/decisions/0075-the-investors-first-screen.md).
const LoginPage = lazy(() =>
  import('#web/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })),
);

/**
 * Signed-in-only pages (docs/product-rules.md#pages): the server must confirm a session; without one the
 * login page is shown in place, at the same URL, or the passkey step when the session waits for it. A
 * session that proved one room (ADR 74) reads that room's pages; anywhere else it is asked to confirm
 * the address first. Authorisation of the data itself happens on the server.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const { pathname } = useLocation();
  // A reader's page shows what the server wrote for it while the session is checked.
  if (isPending) return <FirstScreen fallback={<PageSpinner label="Checking your session…" />} />;
  if (isError || !user) return <SignedOut />;
  // A document link's session has one page: its document (docs/decisions/0095-document-links.md).
  if (user.onlyRoomId && user.onlyDocumentId) {
    const page = href('documentInRoom', { id: user.onlyRoomId, documentId: user.onlyDocumentId });
    if (pathname !== page) return <Navigate to={page} replace />;
    return children;
  }
  if (user.onlyRoomId && !isPageOfRoom(pathname, user.onlyRoomId))
    return <ConfirmMailboxStep user={{ ...user, onlyRoomId: user.onlyRoomId }} />;
  return children;
}

/** The room's own pages (the room, its sections, documents and questions) and the list of rooms. */
function isPageOfRoom(pathname: string, roomId: string): boolean {
  const room = href('dataRoomById', { id: roomId });
  return pathname === href('dataRoom') || pathname === room || pathname.startsWith(`${room}/`);
}

function SignedOut() {
  const secondFactor = useQuery(secondFactorPendingQuery);
  const checking = <PageSpinner label="Checking your session…" />;
  if (secondFactor.isPending) return checking;
  return <Suspense fallback={checking}>{secondFactor.data ? <SecondFactorStep /> : <LoginPage />}</Suspense>;
}
