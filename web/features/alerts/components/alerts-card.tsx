import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type AlertSettings,
  type AlertTrigger,
  MAIL_ALERT_TRIGGERS,
  MAILED_BY_NOTIFICATIONS,
  MAX_RETURN_AFTER_DAYS,
  type MailAlertTrigger,
} from '#shared/contracts/alerts';
import { FOUNDER_NOTIFICATION_LABELS } from '#shared/contracts/notifications';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Spinner } from '#web/components/ui/spinner';
import { useAlertSettings, useSaveAlertSettings } from '#web/features/alerts/api/use-alert-settings';
import { useNotificationSettings } from '#web/features/notifications/api/use-notification-settings';
import { DeliveryStatus, TriggerChoices } from './alert-choices';
import { AddTargetForm, TargetItem } from './alert-targets';

/**
 * Alerts in /setup-data-room Settings (docs/decisions/0090-alerts-within-a-minute.md): what deserves an
 * alert at once (N days away, the score threshold), which of them are mailed to the room's founders, and
 * the Slack and Teams webhooks that get them, each with its last delivery and a test button.
 */
export function AlertsCard() {
  const settings = useAlertSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>
          Know within a minute when an investor does something that matters. An alert says who did what, with
          a link to Roundroom; it never carries what your documents or their questions say.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading your alerts…" showLabel />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your alerts: {settings.error.message}
          </p>
        ) : (
          <div className="flex flex-col gap-8">
            <Thresholds settings={settings.data} />
            <MailAlerts settings={settings.data} />
            <ChatAlerts settings={settings.data} />
            <p className="text-sm text-slate-600">
              Your webhook endpoints below can receive alerts too, as{' '}
              <code className="font-mono">alert.*</code> events: choose them in an endpoint's events.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Thresholds({ settings }: { settings: AlertSettings }) {
  const save = useSaveAlertSettings();
  const daysId = useId();
  const thresholdId = useId();
  const errorId = useId();
  const [days, setDays] = useState(String(settings.returnAfterDays));
  const [threshold, setThreshold] = useState(String(settings.scoreThreshold));
  const [problem, setProblem] = useState<string | null>(null);
  const changed = days !== String(settings.returnAfterDays) || threshold !== String(settings.scoreThreshold);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { returnAfterDays: Number(days), scoreThreshold: Number(threshold) },
      {
        onSuccess: () => toast.success('Alerts saved'),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">When to alert</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={daysId}>A return counts after (days away)</Label>
          <Input
            id={daysId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_RETURN_AFTER_DAYS}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={thresholdId}>Engagement score threshold (1 to 100)</Label>
          <Input
            id={thresholdId}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={!changed || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function MailAlerts({ settings }: { settings: AlertSettings }) {
  const save = useSaveAlertSettings();
  const notifications = useNotificationSettings();
  const choice = notifications.data?.founderNotifications;
  const mailedAtOnce = choice === 'first_visits' || choice === 'first_visits_and_hourly';
  const note = choice
    ? `${mailedAtOnce ? 'On' : 'Off'}: set by Notifications (${FOUNDER_NOTIFICATION_LABELS[choice]})`
    : 'Set by Notifications';
  const fixed = Object.fromEntries(
    MAILED_BY_NOTIFICATIONS.map((trigger) => [trigger, { checked: mailedAtOnce, note }]),
  ) as Partial<Record<AlertTrigger, { checked: boolean; note: string }>>;

  // What was just ticked, shown until the save settles (a controlled box would spring back meanwhile).
  const [picked, setPicked] = useState<AlertTrigger[] | null>(null);
  const change = (triggers: AlertTrigger[]) => {
    setPicked(triggers);
    save.mutate(
      {
        mailTriggers: triggers.filter((trigger): trigger is MailAlertTrigger =>
          (MAIL_ALERT_TRIGGERS as AlertTrigger[]).includes(trigger),
        ),
      },
      {
        onSuccess: () => toast.success('Mail alerts saved'),
        onError: (error) => toast.error('Failed to save the mail alerts', { description: error.message }),
        onSettled: () => setPicked(null),
      },
    );
  };

  return (
    <section aria-label="Alerts by e-mail" className="flex flex-col gap-3">
      <div>
        <h3 className="font-semibold text-slate-900">By e-mail</h3>
        <p className="break-words text-sm text-slate-600">
          To {settings.mailRecipients.join(', ')}. What is not mailed at once is still in your digest.
        </p>
      </div>
      <TriggerChoices
        legend="Mail an alert when an investor…"
        settings={settings}
        chosen={picked ?? settings.mailTriggers}
        onChange={change}
        disabled={save.isPending}
        fixed={fixed}
      />
      <DeliveryStatus state={settings.mailLastDelivery} what="alert mail" />
    </section>
  );
}

function ChatAlerts({ settings }: { settings: AlertSettings }) {
  return (
    <section aria-label="Alerts in Slack and Microsoft Teams" className="flex flex-col gap-3">
      <div>
        <h3 className="font-semibold text-slate-900">Slack and Microsoft Teams</h3>
        <p className="text-sm text-slate-600">
          Off until you add a channel's incoming webhook. Each one answers to the founder who added it.
        </p>
      </div>
      {settings.targets.length > 0 && (
        <ul className="flex flex-col gap-4" aria-label="Slack and Teams webhooks">
          {settings.targets.map((target) => (
            <TargetItem key={target.id} target={target} settings={settings} />
          ))}
        </ul>
      )}
      <AddTargetForm settings={settings} />
    </section>
  );
}
