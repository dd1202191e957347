import { useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import { UnsubscribeCard, type UnsubscribeWording } from '#web/components/site/unsubscribe-card';
import { useUnsubscribe, useUnsubscribeDetails } from '#web/features/notifications/api/use-unsubscribe';

const wording: UnsubscribeWording = {
  heading: 'Notification e-mails',
  description: 'Roundroom data room notifications',
  stop: (details) => (
    <>
      Stop the e-mails to <strong className="[overflow-wrap:anywhere]">{details.email}</strong> about investor
      activity in the <strong>{details.companyName}</strong> data room: first visits and digests.
    </>
  ),
  stopped: (details) =>
    `${details.email} gets no more e-mails about investor activity in the ${details.companyName} data room. You can turn them on again in your data room’s Settings.`,
  invalid:
    'It may have been copied only in part. You can change your notifications in your data room’s Settings after signing in.',
  elsewhere: { label: 'Notification settings', to: `${href('setupDataRoom')}?tab=settings` },
};

/** /unsubscribe?token=…, the link in every notification mail to the founders (docs/decisions/0044-founder-notifications.md). */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const details = useUnsubscribeDetails(token);
  const unsubscribe = useUnsubscribe(token);
  return <UnsubscribeCard token={token} details={details} unsubscribe={unsubscribe} wording={wording} />;
}
