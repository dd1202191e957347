import { CircleCheck, CircleX, LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PublicUser } from '#shared/contracts/auth';
import { safeReturnTo } from '#shared/return-to';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useVerifyMagicLink } from '#web/features/auth/api/auth-hooks';
import { homePathFor } from '#web/features/auth/session-store';
import { ApiRequestError } from '#web/lib/api-client';

const REDIRECT_DELAY_MS = 2000;

type State =
  | { kind: 'verifying' }
  | { kind: 'confirm'; email: string }
  | { kind: 'granted'; user: PublicUser }
  | { kind: 'failed'; reason: string };

/**
 * /verify?token=…: exchanges the magic link for a session, then after 2 seconds sends the user to the
 * page that asked for the sign-in (`returnTo`, a same-site page path) or home. Its request as it loads
 * spends the link only in the browser that asked for it (ADR 74); anywhere else the person confirms with
 * one button, so a mail scanner that runs the page spends nothing.
 */
export function VerifyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // The page that asked for the sign-in, checked again here: a link can be edited before it is opened.
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const navigate = useNavigate();
  const verify = useVerifyMagicLink();
  const [state, setState] = useState<State>(
    token ? { kind: 'verifying' } : { kind: 'failed', reason: 'No verification token found in URL' },
  );
  // A link works once: never send it twice, even when React runs effects twice in development.
  const sent = useRef(false);

  const send = (automatic: boolean) => {
    if (!token) return;
    verify.mutate(
      { token, automatic },
      {
        onSuccess: ({ user, isSecondFactorPending }) => {
          // A manager holding a passkey gives it next, on the page they were going to.
          if (isSecondFactorPending) navigate(homePathFor(user), { replace: true });
          else setState({ kind: 'granted', user });
        },
        onError: (error) => {
          // Opened elsewhere than the browser that asked (another device, or a mail scanner): nothing was
          // spent, and the person confirms (ADR 74).
          if (error instanceof ApiRequestError && error.code === 'confirmation_required')
            setState({ kind: 'confirm', email: (error.body as { email?: string }).email ?? '' });
          else setState({ kind: 'failed', reason: 'Invalid or expired magic link' });
        },
      },
    );
  };

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    send(true);
  });

  useEffect(() => {
    if (state.kind !== 'granted') return;
    const timer = window.setTimeout(
      () => navigate(returnTo ?? homePathFor(state.user), { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state, navigate, returnTo]);

  return (
    <PublicPage title="Verifying access">
      <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 text-center" aria-live="polite">
            {state.kind === 'verifying' && (
              <>
                <Spinner label="Verifying access" />
                <h1 className="text-2xl font-semibold text-slate-900">Verifying access</h1>
                <p className="text-slate-600">Checking your secure sign-in link…</p>
              </>
            )}
            {state.kind === 'confirm' && (
              <>
                <LogIn className="size-12 text-indigo-600" aria-hidden="true" />
                <h1 className="text-2xl font-semibold text-slate-900">Sign in to Roundroom?</h1>
                <p className="text-slate-600">
                  This link signs in <strong className="break-all text-slate-900">{state.email}</strong>. It
                  was opened in another browser than the one that asked for it, so we check with you first.
                </p>
                <Button
                  size="lg"
                  disabled={verify.isPending}
                  onClick={() => {
                    setState({ kind: 'verifying' });
                    send(false);
                  }}
                >
                  Sign in
                </Button>
              </>
            )}
            {state.kind === 'granted' && (
              <>
                <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />
                <h1 className="text-2xl font-semibold text-slate-900">Access granted</h1>
                <p className="text-slate-600">
                  Welcome{state.user.name ? `, ${state.user.name}` : ''}.{' '}
                  {returnTo ? 'Taking you back to where you were…' : 'Taking you to your data rooms…'}
                </p>
              </>
            )}
            {state.kind === 'failed' && (
              <>
                <CircleX className="size-12 text-red-600" aria-hidden="true" />
                <h1 className="text-2xl font-semibold text-slate-900">Verification Failed</h1>
                <p className="text-slate-600">{state.reason}</p>
                <Button asChild size="lg">
                  <Link to={href('login')}>Request new access link</Link>
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicPage>
  );
}
