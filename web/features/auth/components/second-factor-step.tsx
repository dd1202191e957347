import { useQuery } from '@tanstack/react-query';
import { Fingerprint, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { PageSpinner, Spinner } from '#web/components/ui/spinner';
import { passkeySetupRequiredQuery, useLogout } from '#web/features/auth/api/auth-hooks';
import { useGivePasskey, useGiveRecoveryCode } from '#web/features/auth/api/passkey-hooks';
import { passkeyFailureMessage } from '#web/features/auth/passkey-errors';
import { RequiredPasskeyStep } from './required-passkey-step';

/**
 * What a signed-in page shows while the session waits for its second factor: the magic link proved the
 * mailbox, and a manager holding a passkey must now give it, or one of their recovery codes
 * (docs/decisions/0062-passkeys-and-second-factor.md). The server refuses everything else until then.
 */
export function SecondFactorStep() {
  const setup = useQuery(passkeySetupRequiredQuery);
  if (setup.isPending) return <PageSpinner label="Checking your session…" />;
  return setup.data ? <RequiredPasskeyStep /> : <GivePasskeyStep />;
}

function GivePasskeyStep() {
  const givePasskey = useGivePasskey();
  const giveCode = useGiveRecoveryCode();
  const logout = useLogout();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const codeId = useId();
  const problemId = useId();

  const usePasskey = () => {
    setProblem(null);
    givePasskey.mutate(undefined, { onError: (error) => setProblem(passkeyFailureMessage(error)) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setProblem('Type one of your recovery codes.');
    setProblem(null);
    giveCode.mutate(code.trim(), { onError: (error) => setProblem(passkeyFailureMessage(error)) });
  };

  return (
    <PublicPage title="Confirm it's you">
      <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
        <Card>
          <CardHeader>
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
              <ShieldCheck className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-semibold leading-tight text-slate-900">Confirm it's you</h1>
            <CardDescription>
              Your account is protected with a passkey. Use it to finish signing in: the e-mail link alone is
              not enough.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <Button size="lg" onClick={usePasskey} disabled={givePasskey.isPending}>
              {givePasskey.isPending ? (
                <Spinner label="Waiting for your passkey…" />
              ) : (
                <Fingerprint aria-hidden="true" />
              )}
              Use your passkey
            </Button>
            {problem && (
              <p id={problemId} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
            <form
              onSubmit={submitCode}
              noValidate
              className="flex flex-col gap-3 border-t border-slate-200 pt-6"
            >
              <Label htmlFor={codeId}>Lost your passkey? Use a recovery code</Label>
              <Input
                id={codeId}
                value={code}
                autoComplete="one-time-code"
                spellCheck={false}
                placeholder="XXXXX-XXXXX"
                maxLength={40}
                onChange={(event) => setCode(event.target.value)}
                aria-describedby={problem ? problemId : undefined}
                className="font-mono"
              />
              <Button type="submit" variant="outline" disabled={giveCode.isPending} className="self-start">
                Use recovery code
              </Button>
            </form>
            <Button variant="link" size="inline" className="self-start" onClick={() => logout.mutate()}>
              Sign out
            </Button>
          </CardContent>
        </Card>
      </div>
    </PublicPage>
  );
}
