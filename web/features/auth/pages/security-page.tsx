import { Fingerprint, KeyRound, LogOut, MonitorSmartphone, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { PublicPasskey, SessionSummary } from '#shared/contracts/passkeys';
import { AppPage } from '#web/components/app/app-page';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { PageSpinner, Spinner } from '#web/components/ui/spinner';
import { useCurrentUser } from '#web/features/auth/api/auth-hooks';
import {
  useAddPasskey,
  useEndOtherSessions,
  useEndSession,
  usePasskeys,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useSessions,
} from '#web/features/auth/api/passkey-hooks';
import { NewRecoveryCodes } from '#web/features/auth/components/new-recovery-codes';
import { passkeyFailureMessage } from '#web/features/auth/passkey-errors';
import { formatDate, formatDateTime } from '#web/lib/format';

const TITLE = 'Security';

/**
 * /security: the signed-in user's passkeys, recovery codes and sessions
 * (docs/decisions/0062-passkeys-and-second-factor.md). Founders and co-founders reach it from the
 * console's Settings, investors from their dashboard.
 */
export function SecurityPage() {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <AppPage title={TITLE}>
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-600">Your passkeys, recovery codes and where you are signed in.</p>
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          {codes && <NewRecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
          <PasskeysCard onRecoveryCodes={setCodes} />
        </div>
        <SessionsCard />
      </div>
    </AppPage>
  );
}

function PasskeysCard({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const passkeys = usePasskeys();
  const user = useCurrentUser();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const regenerate = useRegenerateRecoveryCodes();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PublicPasskey | null>(null);
  const [renewing, setRenewing] = useState(false);
  const nameId = useId();
  const problemId = useId();
  const managesRoom = Boolean(user.data?.managedRoom);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    add.mutate(name.trim(), {
      onSuccess: (answer) => {
        setName('');
        toast.success('Passkey added');
        if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
      },
      onError: (error) => setProblem(passkeyFailureMessage(error)),
    });
  };
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success('Passkey removed'),
      onError: (error) => toast.error('Could not remove the passkey', { description: error.message }),
      onSettled: () => setRemoving(null),
    });
  };
  const confirmRenew = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ recoveryCodes }) => onRecoveryCodes(recoveryCodes),
      onError: (error) => toast.error('Could not make new codes', { description: error.message }),
      onSettled: () => setRenewing(false),
    });

  const list = passkeys.data?.passkeys ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          {managesRoom
            ? 'A passkey keeps your data room yours even if someone reads your e-mail: once you add one, signing in with an e-mail link also asks for it.'
            : 'Sign in with your fingerprint, face or device PIN instead of waiting for an e-mail.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {passkeys.isPending && <PageSpinner label="Loading your passkeys…" />}
        {passkeys.isError && <p className="text-sm text-red-700">Your passkeys could not be loaded.</p>}
        {passkeys.data && list.length === 0 && (
          <p className="text-sm text-slate-600">You have no passkeys yet.</p>
        )}
        {list.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
            {list.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 p-3">
                <div className="flex min-w-0 items-center gap-3">
                  <Fingerprint className="size-5 shrink-0 text-indigo-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{passkey.name}</p>
                    <p className="text-sm text-slate-600">
                      Added {formatDate(passkey.createdAt)} ·{' '}
                      {passkey.lastUsedAt
                        ? `last used ${formatDateTime(passkey.lastUsedAt)}`
                        : 'not used yet'}
                    </p>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Label htmlFor={nameId}>Passkey name (optional)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={nameId}
              value={name}
              maxLength={80}
              placeholder="Work laptop"
              onChange={(event) => setName(event.target.value)}
              aria-describedby={problem ? problemId : undefined}
            />
            <Button type="submit" disabled={add.isPending} className="shrink-0">
              {add.isPending ? <Spinner label="Waiting for your passkey…" /> : <Plus aria-hidden="true" />}
              Add a passkey
            </Button>
          </div>
          {problem && (
            <p id={problemId} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </form>
        {passkeys.data && list.length > 0 && managesRoom && (
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-6">
            <div className="flex items-center gap-2">
              <KeyRound className="size-5 text-slate-600" aria-hidden="true" />
              <h3 className="font-medium text-slate-900">Recovery codes</h3>
            </div>
            <p className="text-sm text-slate-600">
              {passkeys.data.recoveryCodesLeft} of 10 left. Each one signs you in once if you lose your
              passkeys. New codes end the old ones.
            </p>
            <Button variant="outline" className="self-start" onClick={() => setRenewing(true)}>
              Get new recovery codes
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ''}” will no longer sign you in.${list.length === 1 && managesRoom ? ' It is your last one: signing in with an e-mail link will no longer ask for a passkey, and your recovery codes stop working.' : ''}`}
        confirmLabel="Remove passkey"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={renewing}
        title="Make new recovery codes?"
        description="Your current recovery codes stop working at once. Store the new ones somewhere safe."
        confirmLabel="Make new codes"
        busy={regenerate.isPending}
        onConfirm={confirmRenew}
        onCancel={() => setRenewing(false)}
      />
    </Card>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionSummary | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const list = sessions.data?.sessions ?? [];

  const confirmEnd = () => {
    if (!ending) return;
    end.mutate(ending.id, {
      onSuccess: () => toast.success('Session ended'),
      onError: (error) => toast.error('Could not end the session', { description: error.message }),
      onSettled: () => setEnding(null),
    });
  };
  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => toast.success('Every other session ended'),
      onError: (error) => toast.error('Could not end the sessions', { description: error.message }),
      onSettled: () => setEndingOthers(false),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>End any session you do not recognise: it is signed out at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending && <PageSpinner label="Loading your sessions…" />}
        {sessions.isError && <p className="text-sm text-red-700">Your sessions could not be loaded.</p>}
        {list.length > 0 && (
          <ul
            aria-label="Sessions"
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200"
          >
            {list.map((session) => (
              <li key={session.id} className="flex items-center justify-between gap-3 p-3">
                <div className="flex min-w-0 items-center gap-3">
                  <MonitorSmartphone className="size-5 shrink-0 text-slate-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {session.device}
                      {session.isCurrent && <Badge variant="success">This device</Badge>}
                    </p>
                    <p className="text-sm text-slate-600">
                      {session.ipAddress ?? 'Address not seen yet'} · signed in{' '}
                      {formatDate(session.createdAt)}
                      {session.lastUsedAt && ` · last active ${formatDateTime(session.lastUsedAt)}`}
                    </p>
                  </div>
                </div>
                {!session.isCurrent && (
                  <Button variant="outline" size="sm" onClick={() => setEnding(session)}>
                    End
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {list.length > 1 && (
          <Button variant="outline" className="self-start" onClick={() => setEndingOthers(true)}>
            <LogOut aria-hidden="true" />
            End all other sessions
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={ending !== null}
        title="End this session?"
        description={`${ending?.device ?? 'That device'} is signed out at once and must sign in again.`}
        confirmLabel="End session"
        busy={end.isPending}
        onConfirm={confirmEnd}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title="End every other session?"
        description="Every device but this one is signed out at once, and every API token you made stops working: make new ones in Settings if your integrations need them."
        confirmLabel="End other sessions"
        busy={endOthers.isPending}
        onConfirm={confirmEndOthers}
        onCancel={() => setEndingOthers(false)}
      />
    </Card>
  );
}
