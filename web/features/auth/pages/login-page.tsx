import { Fingerprint, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MAGIC_LINK_TTL_MINUTES } from '#shared/contracts/auth';
import { safeReturnTo } from '#shared/return-to';
import { href, paths } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { useRequestMagicLink, useVerifySignInCode } from '#web/features/auth/api/auth-hooks';
import { usePasskeySignIn } from '#web/features/auth/api/passkey-hooks';
import { passkeyFailureMessage } from '#web/features/auth/passkey-errors';
import { homePathFor } from '#web/features/auth/session-store';
import { ApiRequestError } from '#web/lib/api-client';

/** docs/product-rules.md#messages: the toast for a failed request, by what the server said. */
function failureDescription(error: unknown): string {
  if (error instanceof ApiRequestError && error.message.includes('No invitation found')) {
    return 'This email is not registered in our system. Please contact an administrator for access.';
  }
  return 'Failed to send magic link. Please try again.';
}

/**
 * Where the sign-in returns to (docs/decisions/0055-invitation-as-credential.md): the page this login form
 * stands in for (a protected page without a session shows it at its own URL), or /login's `returnTo`;
 * only a same-site page path, else the user's home.
 */
function useReturnTo(): string | null {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (location.pathname !== paths.login)
    return safeReturnTo(`${location.pathname}${location.search}${location.hash}`);
  return safeReturnTo(searchParams.get('returnTo'));
}

/** /login, and what every protected page shows without a session. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = useReturnTo();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestLink = useRequestMagicLink();
  const emailId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    requestLink.mutate(
      { email: address, returnTo },
      {
        onSuccess: () => {
          setSentTo(address);
          toast.success('Magic link sent!', { description: 'Check your email for the secure access link.' });
        },
        onError: (error) => toast.error('Error', { description: failureDescription(error) }),
      },
    );
  };

  return (
    <PublicPage title="Sign in">
      <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
        <Card>
          {sentTo ? (
            <CardContent className="flex flex-col items-center gap-4 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <MailCheck className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-semibold text-slate-900">Check your email</h1>
              <p className="text-slate-600">
                We sent a sign-in link to <strong className="break-all text-slate-900">{sentTo}</strong>. The
                link expires in {MAGIC_LINK_TTL_MINUTES} minutes and works once.
              </p>
              <SignInCode email={sentTo} returnTo={returnTo} />
              <Button variant="link" onClick={() => setSentTo(null)}>
                Use a different email
              </Button>
            </CardContent>
          ) : (
            <>
              <CardHeader>
                <h1 className="text-2xl font-semibold leading-tight text-slate-900">
                  Sign in to your data room
                </h1>
                <CardDescription>
                  Enter the email address you were invited with. We will send you a secure sign-in link: no
                  password needed.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <form onSubmit={submit} className="flex flex-col gap-4">
                  <div className="flex flex-col gap-2">
                    <Label htmlFor={emailId}>Email address</Label>
                    <Input
                      id={emailId}
                      type="email"
                      required
                      autoComplete="email"
                      inputMode="email"
                      placeholder="you@fund.com"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                    />
                  </div>
                  <Button type="submit" size="lg" disabled={requestLink.isPending}>
                    {requestLink.isPending ? 'Sending...' : 'Get magic link'}
                  </Button>
                </form>
                <PasskeySignIn returnTo={returnTo} />
              </CardContent>
            </>
          )}
        </Card>
      </div>
    </PublicPage>
  );
}

/**
 * The six digits mailed beside the link, typed here, in the browser that asked for it (ADR 74): for the
 * person who reads mail on another device, or whose link a mail scanner opened first.
 */
function SignInCode({ email, returnTo }: { email: string; returnTo: string | null }) {
  const verifyCode = useVerifySignInCode();
  const navigate = useNavigate();
  const location = useLocation();
  const [code, setCode] = useState('');
  const codeId = useId();
  const problemId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verifyCode.mutate(
      { email, code: code.trim() },
      {
        onSuccess: ({ user, isSecondFactorPending }) => {
          if (location.pathname === href('login') || isSecondFactorPending)
            navigate(returnTo ?? homePathFor(user), { replace: true });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2 border-t border-slate-200 pt-4 text-left">
      <Label htmlFor={codeId}>Or type the six-digit code from the e-mail</Label>
      <div className="flex gap-2">
        <Input
          id={codeId}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          placeholder="123456"
          value={code}
          aria-describedby={verifyCode.isError ? problemId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={verifyCode.isPending}>
          {verifyCode.isPending ? 'Checking...' : 'Sign in'}
        </Button>
      </div>
      {verifyCode.isError ? (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {verifyCode.error instanceof ApiRequestError
            ? verifyCode.error.message
            : 'The code could not be checked. Please try again.'}{' '}
          After too many wrong codes, only the link in the e-mail works.
        </p>
      ) : null}
    </form>
  );
}

/**
 * Signing in with a passkey alone, without waiting for mail: the browser offers the passkeys it holds
 * for this site (docs/decisions/0062-passkeys-and-second-factor.md). On /login it then goes to its
 * `returnTo` or home; shown in place of a protected page, that page appears.
 */
function PasskeySignIn({ returnTo }: { returnTo: string | null }) {
  const signIn = usePasskeySignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: ({ user }) => {
        if (location.pathname === href('login')) navigate(returnTo ?? homePathFor(user), { replace: true });
      },
      onError: (error) =>
        toast.error('Passkey sign-in failed', { description: passkeyFailureMessage(error) }),
    });
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6">
      <p className="text-sm text-slate-600">Added a passkey to your account?</p>
      <Button type="button" variant="outline" size="lg" onClick={start} disabled={signIn.isPending}>
        <Fingerprint aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
