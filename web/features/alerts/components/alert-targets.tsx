import { Plus, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ALERT_TARGET_KINDS,
  ALERT_TARGET_LABELS,
  type AlertSettings,
  type AlertTarget,
  type AlertTargetKind,
  type AlertTrigger,
  DEFAULT_TARGET_TRIGGERS,
  TARGET_CREATOR_REMOVED,
} from '#shared/contracts/alerts';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import {
  useAddAlertTarget,
  useRemoveAlertTarget,
  useTestAlertTarget,
  useUpdateAlertTarget,
} from '#web/features/alerts/api/use-alert-settings';
import { ApiRequestError } from '#web/lib/api-client';
import { formatDateTime } from '#web/lib/format';
import { DeliveryStatus, TriggerChoices, triggerLabel } from './alert-choices';

const PLACEHOLDERS: Record<AlertTargetKind, string> = {
  slack: 'https://hooks.slack.com/services/T…/B…/…',
  teams: 'https://…/workflows/… or https://….webhook.office.com/…',
};

const HOW_TO: Record<AlertTargetKind, string> = {
  slack:
    'In Slack, add an app with Incoming Webhooks turned on, then "Add New Webhook" and pick the channel.',
  teams: 'In Teams, use the Workflows app: "Post to a channel when a webhook request is received".',
};

function statusOf(target: AlertTarget) {
  if (target.isSilenced) return <Badge variant="destructive">Silent</Badge>;
  if (!target.isEnabled) return <Badge variant="secondary">Off</Badge>;
  if (target.lastDelivery?.status === 'pending' && target.lastDelivery.attempts > 0)
    return <Badge variant="warning">Retrying</Badge>;
  if (target.failingSince) return <Badge variant="destructive">Failing</Badge>;
  return <Badge variant="success">On</Badge>;
}

export function TargetItem({ target, settings }: { target: AlertTarget; settings: AlertSettings }) {
  const update = useUpdateAlertTarget();
  const remove = useRemoveAlertTarget();
  const test = useTestAlertTarget();
  const [editing, setEditing] = useState(false);
  const [triggers, setTriggers] = useState<AlertTrigger[]>(target.triggers);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const fail = (what: string) => (error: Error) => toast.error(what, { description: error.message });
  const label = ALERT_TARGET_LABELS[target.kind];

  const sendTest = () =>
    test.mutate(target.id, {
      onSuccess: (result) =>
        result.delivery.status === 'succeeded'
          ? toast.success(`Test alert sent to ${label}`)
          : toast.error(`${label} did not take the test alert`, { description: result.delivery.error ?? '' }),
      onError: fail('Failed to send a test alert'),
    });
  const toggle = () =>
    update.mutate(
      { id: target.id, isEnabled: !target.isEnabled },
      {
        onSuccess: (saved) => toast.success(saved.isEnabled ? `${label} alerts on` : `${label} alerts off`),
        onError: fail(`Failed to change ${label}`),
      },
    );
  const save = () =>
    update.mutate(
      { id: target.id, triggers },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success('Alerts saved');
        },
        onError: fail('Failed to save the alerts'),
      },
    );

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="font-medium text-slate-900">
            {label}
          </h4>
          <p className="break-all font-mono text-xs text-slate-600">{target.urlHint}</p>
        </div>
        {statusOf(target)}
      </div>
      {target.isSilenced && <p className="mt-2 text-sm text-red-700">{TARGET_CREATOR_REMOVED}</p>}
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Added by</dt>
        <dd className="break-words text-slate-900">
          {target.addedBy ? target.addedBy.name || target.addedBy.email : 'A removed account'}
        </dd>
        <dt className="text-slate-600">Alerts</dt>
        <dd className="text-slate-900">
          {target.triggers.map((trigger) => triggerLabel(trigger, settings)).join(' · ')}
        </dd>
        {target.failingSince && (
          <>
            <dt className="text-slate-600">Failing since</dt>
            <dd className="text-slate-900">{formatDateTime(target.failingSince)}</dd>
          </>
        )}
      </dl>
      <div className="mt-2">
        <DeliveryStatus state={target.lastDelivery} what="alert" />
      </div>
      {editing && (
        <div className="mt-4 flex flex-col gap-3">
          <TriggerChoices
            legend={`What ${label} is told of`}
            settings={settings}
            chosen={triggers}
            onChange={setTriggers}
            disabled={update.isPending}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={save} disabled={update.isPending || triggers.length === 0}>
              Save alerts
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setTriggers(target.triggers);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={sendTest}
          disabled={!target.isEnabled || target.isSilenced || test.isPending}
        >
          <Send aria-hidden="true" />
          {test.isPending ? 'Sending…' : 'Send a test alert'}
        </Button>
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Change alerts
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
          {target.isEnabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove this ${label} webhook?`}
        description={`Nothing more is sent to ${target.urlHint}.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(target.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`${label} webhook removed`);
            },
            onError: fail('Failed to remove the webhook'),
          })
        }
      />
    </li>
  );
}

export function AddTargetForm({ settings }: { settings: AlertSettings }) {
  const add = useAddAlertTarget();
  const urlId = useId();
  const errorId = useId();
  const titleId = useId();
  const [kind, setKind] = useState<AlertTargetKind>('slack');
  const [url, setUrl] = useState('');
  const [triggers, setTriggers] = useState<AlertTrigger[]>([...DEFAULT_TARGET_TRIGGERS]);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setProblem(`Paste the ${ALERT_TARGET_LABELS[kind]} webhook URL.`);
    if (triggers.length === 0) return setProblem('Choose at least one alert.');
    setProblem(null);
    add.mutate(
      { kind, url: url.trim(), triggers },
      {
        onSuccess: () => {
          setUrl('');
          toast.success(`${ALERT_TARGET_LABELS[kind]} added`, {
            description: 'Send it a test alert to check.',
          });
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiRequestError ? error.message.replace(/^url: /, 'The URL ') : error.message,
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg bg-slate-50 p-4"
    >
      <h4 id={titleId} className="font-medium text-slate-900">
        Add Slack or Microsoft Teams
      </h4>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Where the alerts go</legend>
        {ALERT_TARGET_KINDS.map((each) => (
          <label key={each} className="flex cursor-pointer items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name="alert-target-kind"
              value={each}
              checked={kind === each}
              onChange={() => setKind(each)}
              className="size-4 accent-indigo-600"
            />
            {ALERT_TARGET_LABELS[each]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={urlId}>Incoming webhook URL</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={PLACEHOLDERS[kind]}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <p className="text-sm text-slate-600">
          {HOW_TO[kind]} The URL is kept secret: only its start is shown here afterwards.
        </p>
      </div>
      <TriggerChoices
        legend="What it is told of"
        settings={settings}
        chosen={triggers}
        onChange={setTriggers}
        disabled={add.isPending}
      />
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={add.isPending}>
        <Plus aria-hidden="true" />
        {add.isPending ? 'Adding…' : `Add ${ALERT_TARGET_LABELS[kind]}`}
      </Button>
    </form>
  );
}
