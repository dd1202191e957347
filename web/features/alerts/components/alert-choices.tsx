import {
  ALERT_TRIGGER_LABELS,
  ALERT_TRIGGERS,
  type AlertDeliveryState,
  type AlertSettings,
  type AlertTrigger,
} from '#shared/contracts/alerts';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';

/** A trigger in the settings' words, with the room's N days and threshold where they apply. */
export function triggerLabel(
  trigger: AlertTrigger,
  settings: Pick<AlertSettings, 'returnAfterDays' | 'scoreThreshold'>,
) {
  if (trigger === 'returned')
    return `Comes back after ${settings.returnAfterDays} ${settings.returnAfterDays === 1 ? 'day' : 'days'} away`;
  if (trigger === 'score_crossed') return `Engagement score reaches ${settings.scoreThreshold}`;
  return ALERT_TRIGGER_LABELS[trigger];
}

/** A checkbox per trigger; `fixed` ones are shown with why they cannot be changed here. */
export function TriggerChoices({
  legend,
  settings,
  chosen,
  onChange,
  disabled,
  fixed = {},
  triggers = ALERT_TRIGGERS,
}: {
  legend: string;
  settings: Pick<AlertSettings, 'returnAfterDays' | 'scoreThreshold'>;
  chosen: readonly AlertTrigger[];
  onChange: (triggers: AlertTrigger[]) => void;
  disabled?: boolean;
  fixed?: Partial<Record<AlertTrigger, { checked: boolean; note: string }>>;
  triggers?: readonly AlertTrigger[];
}) {
  const toggle = (trigger: AlertTrigger, on: boolean) =>
    onChange(ALERT_TRIGGERS.filter((each) => (each === trigger ? on : chosen.includes(each))));
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {triggers.map((trigger) => {
          const held = fixed[trigger];
          return (
            <label
              key={trigger}
              className={cn('flex items-start gap-2 text-sm', held ? 'cursor-default' : 'cursor-pointer')}
            >
              <input
                type="checkbox"
                checked={held ? held.checked : chosen.includes(trigger)}
                disabled={held !== undefined}
                onChange={(event) => toggle(trigger, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span className="min-w-0">
                <span className="block text-slate-900">{triggerLabel(trigger, settings)}</span>
                {held && <span className="block text-slate-600">{held.note}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** When the next attempt is due, as a founder reads it: most retries come within the minute. */
function nextTry(iso: string, now = Date.now()): string {
  return Date.parse(iso) - now < 60_000
    ? 'Trying again within a minute.'
    : `Next try ${formatDateTime(iso)}.`;
}

/** How a channel's last delivery went, in a sentence: a failing one says why, with the service's word. */
export function DeliveryStatus({ state, what }: { state: AlertDeliveryState | null; what: string }) {
  if (!state) return <p className="text-sm text-slate-600">No {what} sent yet.</p>;
  const kind = state.trigger === 'test' ? 'test alert' : 'alert';
  if (state.status === 'succeeded')
    return (
      <p className="text-sm text-emerald-800">
        Last {kind} delivered {formatDateTime(state.at)}.
      </p>
    );
  if (state.status === 'pending')
    return (
      <p role="status" className="text-sm text-amber-900">
        Last {kind} not delivered yet ({state.attempts} {state.attempts === 1 ? 'attempt' : 'attempts'}):{' '}
        {state.error ?? 'waiting'}
        {state.nextAttemptAt ? ` ${nextTry(state.nextAttemptAt)}` : ''}
      </p>
    );
  return (
    <p role="alert" className="break-words text-sm text-red-700">
      Last {kind} failed {formatDateTime(state.at)}: {state.error ?? 'no answer'}
    </p>
  );
}
