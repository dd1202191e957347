import { MailCheck, MailQuestionMark } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MAGIC_LINK_TTL_MINUTES, type PublicUser } from '#shared/contracts/auth';
import { safeReturnTo } from '#shared/return-to';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { useRequestMagicLink } from '#web/features/auth/api/auth-hooks';

/**
 * What a signed-in page outside the room shows to a session that proved one room only: it was opened by
 * an invitation's link or a share-link code, which say nothing about the mailbox
 * (docs/decisions/0074-a-proof-of-one-room.md). The rest of the account (other rooms, the console) waits
 * for a sign-in link to the address; the server refuses it until then. The way back to the room stays.
 */
export function ConfirmMailboxStep({ user }: { user: PublicUser & { onlyRoomId: string } }) {
  const location = useLocation();
  const requestLink = useRequestMagicLink();
  const [sent, setSent] = useState(false);
  const returnTo = safeReturnTo(`${location.pathname}${location.search}${location.hash}`);
  const send = () => requestLink.mutate({ email: user.email, returnTo }, { onSuccess: () => setSent(true) });
  const roomPath = href('dataRoomById', { id: user.onlyRoomId });

  return (
    <PublicPage title="Confirm your e-mail address">
      <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
        <Card>
          {sent ? (
            <CardContent className="flex flex-col items-center gap-4 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <MailCheck className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-semibold text-slate-900">Check your email</h1>
              <p className="text-slate-600">
                We sent a sign-in link to <strong className="break-all text-slate-900">{user.email}</strong>.
                The link expires in {MAGIC_LINK_TTL_MINUTES} minutes and works once.
              </p>
              <Button variant="link" asChild>
                <Link to={roomPath}>Back to the data room</Link>
              </Button>
            </CardContent>
          ) : (
            <>
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                  <MailQuestionMark className="size-6" aria-hidden="true" />
                </span>
                <h1 className="text-2xl font-semibold leading-tight text-slate-900">
                  Confirm your e-mail address
                </h1>
                <CardDescription>
                  You opened one data room with its link. To see the rest of your account, sign in with a link
                  we send to <strong className="break-all text-slate-900">{user.email}</strong>.
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <Button size="lg" onClick={send} disabled={requestLink.isPending}>
                  {requestLink.isPending ? 'Sending...' : 'Email me a sign-in link'}
                </Button>
                {requestLink.isError ? (
                  <p role="alert" className="text-sm text-red-700">
                    The sign-in link could not be sent. Please try again in a moment.
                  </p>
                ) : null}
                <Button variant="outline" size="lg" asChild>
                  <Link to={roomPath}>Back to the data room</Link>
                </Button>
              </CardContent>
            </>
          )}
        </Card>
      </div>
    </PublicPage>
  );
}
