import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  FOUNDER_NOTIFICATION_CHOICES,
  FOUNDER_NOTIFICATION_DESCRIPTIONS,
  FOUNDER_NOTIFICATION_LABELS,
  type FounderNotificationChoice,
} from '#shared/contracts/notifications';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import {
  useNotificationSettings,
  useSetNotificationChoice,
} from '#web/features/notifications/api/use-notification-settings';
import { cn } from '#web/lib/cn';

/**
 * The founder's e-mail notifications about investors (docs/decisions/0044-founder-notifications.md): one
 * of four choices, saved as soon as it is picked. The server enforces it when each mail is due.
 */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const setChoice = useSetNotificationChoice();
  const legendId = useId();
  const saved = settings.data?.founderNotifications;
  // The choice just picked, shown from the click's own render until the save settles: the mutation's
  // state arrives a render later, and a controlled radio would meanwhile spring back to the saved one.
  const [picked, setPicked] = useState<FounderNotificationChoice | null>(null);
  const shown = picked ?? saved;

  const choose = (choice: FounderNotificationChoice) => {
    setPicked(choice);
    setChoice.mutate(choice, {
      onSuccess: (result) =>
        toast.success('Notifications updated', {
          description: FOUNDER_NOTIFICATION_LABELS[result.founderNotifications],
        }),
      onError: (error) => toast.error('Failed to change notifications', { description: error.message }),
      onSettled: () => setPicked(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={legendId}>Notifications</CardTitle>
          {saved && (
            <Badge variant={saved === 'off' ? 'secondary' : 'success'}>
              {FOUNDER_NOTIFICATION_LABELS[saved]}
            </Badge>
          )}
        </div>
        <CardDescription>
          E-mails to {settings.data?.email ?? 'you'} about what investors do in your data room.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading your notification setting…" showLabel />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your notification setting: {settings.error.message}
          </p>
        ) : (
          <div role="radiogroup" aria-labelledby={legendId} className="flex flex-col gap-2">
            {FOUNDER_NOTIFICATION_CHOICES.map((choice) => (
              <label
                key={choice}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                  shown === choice ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="founder-notifications"
                  value={choice}
                  checked={shown === choice}
                  disabled={setChoice.isPending}
                  onChange={() => choose(choice)}
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    {FOUNDER_NOTIFICATION_LABELS[choice]}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {FOUNDER_NOTIFICATION_DESCRIPTIONS[choice]}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        <p className="mt-3 text-sm text-slate-600">Every e-mail has a link to unsubscribe with one click.</p>
      </CardContent>
    </Card>
  );
}
