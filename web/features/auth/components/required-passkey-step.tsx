import { Fingerprint, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { PublicUser } from '#shared/contracts/auth';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useLogout } from '#web/features/auth/api/auth-hooks';
import { useAddRequiredPasskey, useFinishPasskeySetup } from '#web/features/auth/api/passkey-hooks';
import { passkeyFailureMessage } from '#web/features/auth/passkey-errors';
import { NewRecoveryCodes } from './new-recovery-codes';

/**
 * The waiting session's step for a co-founder whose room requires a passkey they do not hold yet
 * (docs/decisions/0093-security-notices-and-required-passkeys.md): they add one on this device, keep the
 * recovery codes it brings, and the console opens.
 */
export function RequiredPasskeyStep() {
  const add = useAddRequiredPasskey();
  const finish = useFinishPasskeySetup();
  const logout = useLogout();
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<{ recoveryCodes: string[]; user: PublicUser } | null>(null);
  const problemId = useId();

  const addPasskey = () => {
    setProblem(null);
    add.mutate(undefined, {
      onSuccess: (answer) => (answer.recoveryCodes.length > 0 ? setAdded(answer) : finish(answer.user)),
      onError: (error) => setProblem(passkeyFailureMessage(error)),
    });
  };

  return (
    <PublicPage title="Add a passkey">
      <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
        {added ? (
          <NewRecoveryCodes codes={added.recoveryCodes} onDone={() => finish(added.user)} />
        ) : (
          <Card>
            <CardHeader>
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <KeyRound className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-semibold leading-tight text-slate-900">Add a passkey</h1>
              <CardDescription>
                The owner of your data room asks co-founders to confirm each sign-in with a passkey. Add one
                on this device to continue: your fingerprint, face or screen lock, or a security key.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <Button size="lg" onClick={addPasskey} disabled={add.isPending}>
                {add.isPending ? (
                  <Spinner label="Waiting for your passkey…" />
                ) : (
                  <Fingerprint aria-hidden="true" />
                )}
                Add a passkey
              </Button>
              {problem && (
                <p id={problemId} role="alert" className="text-sm text-red-700">
                  {problem}
                </p>
              )}
              <Button variant="link" size="inline" className="self-start" onClick={() => logout.mutate()}>
                Sign out
              </Button>
            </CardContent>
          </Card>
        )}
      </div>
    </PublicPage>
  );
}
