import { Copy, KeyRound, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '#shared/contracts/api-tokens';
import { href } from '#shared/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { Spinner } from '#web/components/ui/spinner';
import {
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
} from '#web/features/api-tokens/api/use-api-tokens';
import { copyText } from '#web/lib/clipboard';
import { formatDate, formatDateTime } from '#web/lib/format';

const EXPIRY_LABELS: Record<string, string> = {
  never: 'Never',
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '1 year',
};

/**
 * API tokens in /setup-data-room (docs/decisions/0051-api-tokens-and-openapi.md): the room's managers
 * create named tokens with scopes and an optional expiry, see each secret once, and revoke at once.
 */
export function ApiTokensPanel() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        {created && <NewTokenSecret created={created} onDone={() => setCreated(null)} />}
        <CreateTokenCard onCreated={setCreated} />
      </div>
      <TokenListCard />
    </div>
  );
}

function CreateTokenCard({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiTokenScope>>(new Set());
  const [expiry, setExpiry] = useState<string>('90');
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const expiryId = useId();
  const problemId = useId();

  const toggle = (scope: ApiTokenScope) =>
    setScopes((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Give the token a name, such as the tool it is for.');
    if (scopes.size === 0) return setProblem('Choose at least one thing the token may do.');
    setProblem(null);
    create.mutate(
      {
        name: name.trim(),
        scopes: API_TOKEN_SCOPES.filter((scope) => scopes.has(scope)),
        expiresInDays: expiry === 'never' ? null : Number(expiry),
      },
      {
        onSuccess: (answer) => {
          onCreated(answer);
          setName('');
          setScopes(new Set());
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create an API token</CardTitle>
        <CardDescription>
          Connect your CRM or scripts to this data room. A token works for this room only, and only for what
          you tick below.{' '}
          <a className="font-medium text-indigo-700 underline" href={href('apiReference')}>
            API reference
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>Token name</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
              placeholder="Affinity sync"
              aria-describedby={problem ? problemId : undefined}
            />
          </div>
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">What it may do</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-3 text-sm text-slate-900">
                <input
                  type="checkbox"
                  checked={scopes.has(scope)}
                  onChange={() => toggle(scope)}
                  className="size-4 shrink-0 accent-indigo-600"
                />
                {API_TOKEN_SCOPE_LABELS[scope]}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={expiryId}>Expires after</Label>
            <Select
              id={expiryId}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              size="field"
              className="w-full sm:w-48"
            >
              {API_TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {EXPIRY_LABELS[days]}
                </option>
              ))}
              <option value="never">{EXPIRY_LABELS.never}</option>
            </Select>
          </div>
          {problem && (
            <p id={problemId} role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" disabled={create.isPending} className="self-start">
            {create.isPending ? <Spinner label="Creating…" /> : <Plus aria-hidden="true" />}
            Create token
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function NewTokenSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const secretId = useId();
  const copy = async () => {
    if (await copyText(created.secret)) toast.success('Token copied');
    else toast.error('Could not copy: select the token and copy it yourself.');
  };
  return (
    <Card className="border-emerald-300 bg-emerald-50" role="status">
      <CardHeader>
        <CardTitle>Copy your new token now</CardTitle>
        <CardDescription className="text-slate-700">
          This is the only time “{created.token.name}” is shown. Store it somewhere safe, such as your CRM’s
          settings; if you lose it, revoke it and create another.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Label htmlFor={secretId}>Your API token</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={secretId}
            readOnly
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs sm:text-xs"
          />
          <Button type="button" variant="outline" onClick={copy} className="shrink-0">
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p className="text-sm text-slate-700">
          Send it as <code className="rounded bg-white px-1">Authorization: Bearer {'<token>'}</code>.
        </p>
        <Button type="button" variant="ghost" onClick={onDone} className="self-start">
          I have stored it
        </Button>
      </CardContent>
    </Card>
  );
}

function TokenListCard() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () =>
        toast.success(`“${revoking.name}” revoked`, { description: 'It stops working at once.' }),
      onError: (error) => toast.error('Failed to revoke the token', { description: error.message }),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your API tokens</CardTitle>
        <CardDescription>Every token of this data room, yours and your co-founders’.</CardDescription>
      </CardHeader>
      <CardContent>
        {tokens.isPending ? (
          <Spinner label="Loading your API tokens…" showLabel />
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your API tokens: {tokens.error.message}
          </p>
        ) : tokens.data.tokens.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            No API tokens yet.
          </p>
        ) : (
          <ul aria-label="API tokens" className="flex flex-col divide-y divide-slate-200">
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        description={`“${revoking?.name ?? ''}” stops working at once: anything that uses it gets refused. This cannot be undone.`}
        confirmLabel="Revoke token"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

const STATUS_BADGES = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'warning' },
  revoked: { label: 'Revoked', variant: 'secondary' },
} as const;

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const badge = STATUS_BADGES[token.status];
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
          <span className="break-words">{token.name}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {token.scopes.map((scope) => API_TOKEN_SCOPE_LABELS[scope]).join(' · ')}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          Ends in …{token.hint} · created {formatDate(token.createdAt)} by{' '}
          {token.createdBy.name || token.createdBy.email} ·{' '}
          {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'} ·{' '}
          {token.revokedAt
            ? `revoked ${formatDate(token.revokedAt)}`
            : token.expiresAt
              ? `${token.status === 'expired' ? 'expired' : 'expires'} ${formatDate(token.expiresAt)}`
              : 'does not expire'}
        </p>
      </div>
      {token.status === 'active' && (
        <Button
          type="button"
          variant="outline"
          onClick={onRevoke}
          className="shrink-0 self-start"
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
