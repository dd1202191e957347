import { Copy, Plus, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  CREATOR_REMOVED_REASON,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '#shared/contracts/webhooks';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import {
  useAddWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '#web/features/webhooks/api/use-webhook-endpoints';
import { ApiRequestError } from '#web/lib/api-client';
import { copyText } from '#web/lib/clipboard';
import { formatDateTime } from '#web/lib/format';
import { DeliveryLog } from './delivery-log';

/**
 * Webhooks in /setup-data-room Settings (docs/decisions/0052-webhooks.md): the room's HTTPS endpoints,
 * the events each gets, its signing secret (shown once, rotatable), a test event and the delivery log.
 */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Send what happens in your data room to your CRM or your own tools, as it happens. Each request is
          signed with the endpoint's secret (Standard Webhooks), so your receiver can check it came from us.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {secret && <SecretNotice {...secret} onDismiss={() => setSecret(null)} />}
        {endpoints.isPending ? (
          <Spinner label="Loading your webhook endpoints…" showLabel />
        ) : endpoints.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your webhook endpoints: {endpoints.error.message}
          </p>
        ) : endpoints.data.endpoints.length === 0 ? (
          <p className="text-sm text-slate-600">No endpoints yet. Add one below.</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Webhook endpoints">
            {endpoints.data.endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onSecret={(value) => setSecret({ url: endpoint.url, secret: value })}
              />
            ))}
          </ul>
        )}
        <AddEndpointForm onAdded={(url, value) => setSecret({ url, secret: value })} />
      </CardContent>
    </Card>
  );
}

function SecretNotice({ url, secret, onDismiss }: { url: string; secret: string; onDismiss: () => void }) {
  const copy = async () => {
    if (await copyText(secret)) toast.success('Secret copied');
    else toast.error('Could not copy: select the secret and copy it yourself.');
  };
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-medium text-slate-900">Signing secret for {url}</p>
      <p className="mt-1 text-sm text-slate-700">Copy it now: it is not shown again.</p>
      <code className="mt-3 block break-all rounded bg-white px-3 py-2 font-mono text-sm text-slate-900">
        {secret}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy secret
        </Button>
        <Button size="sm" variant="outline" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}

function EventChoices({
  legend,
  chosen,
  onChange,
  disabled,
}: {
  legend: string;
  chosen: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  disabled?: boolean;
}) {
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : chosen.includes(each))));
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
            />
            <span className="min-w-0">
              <span className="block font-mono text-slate-900">{type}</span>
              <span className="block text-slate-600">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddEndpointForm({ onAdded }: { onAdded: (url: string, secret: string) => void }) {
  const add = useAddWebhookEndpoint();
  const urlId = useId();
  const errorId = useId();
  const [url, setUrl] = useState('');
  // Every event but the alerts', which a founder chooses for an endpoint that wants them (ADR 90).
  const [events, setEvents] = useState<WebhookEventType[]>(
    WEBHOOK_EVENT_TYPES.filter((type) => !type.startsWith('alert.')),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setProblem('Enter the URL that should receive the events.');
    if (events.length === 0) return setProblem('Choose at least one event.');
    setProblem(null);
    add.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          onAdded(created.endpoint.url, created.secret);
          toast.success('Endpoint added');
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiRequestError ? error.message.replace(/^url: /, 'The URL ') : error.message,
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 border-t border-slate-200 pt-6">
      <h3 className="font-semibold text-slate-900">Add an endpoint</h3>
      <div className="flex flex-col gap-2">
        <Label htmlFor={urlId}>Endpoint URL</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/roundroom"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </div>
      <EventChoices legend="Events to send" chosen={events} onChange={setEvents} disabled={add.isPending} />
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={add.isPending}>
        <Plus aria-hidden="true" />
        {add.isPending ? 'Adding…' : 'Add endpoint'}
      </Button>
    </form>
  );
}

function statusOf(endpoint: WebhookEndpoint) {
  if (endpoint.isEnabled) return <Badge variant="success">On</Badge>;
  if (endpoint.disabledReason) return <Badge variant="destructive">Turned off after failures</Badge>;
  return <Badge variant="secondary">Off</Badge>;
}

function EndpointItem({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendWebhookTest();
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [editing, setEditing] = useState(false);
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [showLog, setShowLog] = useState(false);
  const headingId = useId();
  const fail = (what: string) => (error: Error) => toast.error(what, { description: error.message });

  const toggle = () =>
    update.mutate(
      { id: endpoint.id, isEnabled: !endpoint.isEnabled },
      {
        onSuccess: (saved) => toast.success(saved.isEnabled ? 'Endpoint turned on' : 'Endpoint turned off'),
        onError: fail('Failed to change the endpoint'),
      },
    );
  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        setShowLog(true);
        toast.success('Test event sent', { description: 'Its delivery appears in the log below.' });
      },
      onError: fail('Failed to send a test event'),
    });
  const saveEvents = () =>
    update.mutate(
      { id: endpoint.id, events },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success('Events saved');
        },
        onError: fail('Failed to save the events'),
      },
    );

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-all font-mono text-sm font-medium text-slate-900">
          {endpoint.url}
        </h3>
        {statusOf(endpoint)}
      </div>
      {endpoint.disabledReason && (
        <p className="mt-2 text-sm text-red-700">
          {endpoint.disabledReason === CREATOR_REMOVED_REASON
            ? endpoint.disabledReason
            : `${endpoint.disabledReason} Fix your receiver, then turn the endpoint back on.`}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Added by</dt>
        <dd className="break-words text-slate-900">
          {endpoint.addedBy
            ? `${endpoint.addedBy.name || endpoint.addedBy.email} (${endpoint.addedBy.email})`
            : 'A removed account'}
        </dd>
        <dt className="text-slate-600">Events</dt>
        <dd className="break-words font-mono text-slate-900">{endpoint.events.join(', ')}</dd>
        <dt className="text-slate-600">Secret</dt>
        <dd className="font-mono text-slate-900">
          {endpoint.secretHint}
          {endpoint.previousSecretExpiresAt && (
            <span className="block font-sans text-slate-600">
              The previous secret also signs until {formatDateTime(endpoint.previousSecretExpiresAt)}.
            </span>
          )}
        </dd>
      </dl>
      {editing && (
        <div className="mt-4 flex flex-col gap-3">
          <EventChoices
            legend="Events to send"
            chosen={events}
            onChange={setEvents}
            disabled={update.isPending}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={saveEvents} disabled={update.isPending || events.length === 0}>
              Save events
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setEvents(endpoint.events);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={test} disabled={!endpoint.isEnabled || sendTest.isPending}>
          <Send aria-hidden="true" />
          Send test event
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setShowLog((shown) => !shown)}
          aria-expanded={showLog}
        >
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Change events
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
          {endpoint.isEnabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming('rotate')}>
          Rotate secret
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirming('delete')}>
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
      <ConfirmDialog
        open={confirming === 'rotate'}
        title="Rotate this endpoint's secret?"
        description="A new secret signs every delivery from now on. For 24 hours the old one signs them too, so you can update your receiver without missing events."
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => {
              setConfirming(null);
              onSecret(rotated.secret);
            },
            onError: fail('Failed to rotate the secret'),
          })
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${endpoint.url}, and its delivery log is deleted.`}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirming(null);
              toast.success('Endpoint deleted');
            },
            onError: fail('Failed to delete the endpoint'),
          })
        }
      />
    </li>
  );
}
