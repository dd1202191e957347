import { Bell, BellOff } from 'lucide-react';
import { Link } from 'react-router';
import {
  FOUNDER_NOTIFICATION_DESCRIPTIONS,
  FOUNDER_NOTIFICATION_LABELS,
} from '#shared/contracts/notifications';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useNotificationSettings } from '#web/features/notifications/api/use-notification-settings';
import { DashboardPanel } from './dashboard-panel';

/** The founder's notification choice on the dashboard, with the way to change it (Settings). */
export function NotificationsSummary() {
  const settings = useNotificationSettings();
  const choice = settings.data?.founderNotifications;
  const Icon = choice === 'off' ? BellOff : Bell;
  return (
    <DashboardPanel id="admin-notifications-title" title="Notifications">
      {settings.isPending ? (
        <Spinner label="Loading your notification setting…" showLabel />
      ) : settings.isError || !choice ? (
        <p className="text-sm text-red-700">Failed to load your notification setting.</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{FOUNDER_NOTIFICATION_LABELS[choice]}</p>
              <p className="text-sm text-slate-600">
                {FOUNDER_NOTIFICATION_DESCRIPTIONS[choice]}{' '}
                {choice !== 'off' && `Sent to ${settings.data.email}.`}
              </p>
            </div>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to={`${href('setupDataRoom')}?tab=settings`}>Change</Link>
          </Button>
        </div>
      )}
    </DashboardPanel>
  );
}
