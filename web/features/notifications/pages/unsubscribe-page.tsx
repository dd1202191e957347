import { BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useUnsubscribe, useUnsubscribeDetails } from '#web/features/notifications/api/use-unsubscribe';
import { ApiRequestError } from '#web/lib/api-client';

/**
 * /unsubscribe?token=…, the link in every notification mail (docs/decisions/0044-founder-notifications.md).
 * Opening it changes nothing (mail scanners open links): the founder confirms with the button, without
 * signing in. Mail programs that support RFC 8058 unsubscribe with one POST to the same URL instead.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const details = useUnsubscribeDetails(token);
  const unsubscribe = useUnsubscribe(token);

  let content: ReactNode;
  // An old link (past 30 days, or older than the founder's last change) is refused as such (ADR 61).
  if (details.error instanceof ApiRequestError && details.error.code === 'unsubscribe_link_expired') {
    content = (
      <Outcome icon={CircleAlert} tone="text-red-700" title="This unsubscribe link has expired">
        {details.error.message}
      </Outcome>
    );
  } else if (token === '' || details.isError) {
    content = (
      <Outcome icon={CircleAlert} tone="text-red-700" title="This unsubscribe link is not valid">
        It may have been copied only in part. You can change your notifications in your data room’s Settings
        after signing in.
      </Outcome>
    );
  } else if (details.isPending) {
    content = <Spinner label="Checking the link…" showLabel />;
  } else if (details.data.isUnsubscribed) {
    content = (
      <Outcome icon={CircleCheck} tone="text-emerald-700" title="You are unsubscribed">
        {details.data.email} gets no more e-mails about investor activity in the {details.data.companyName}{' '}
        data room. You can turn them on again in your data room’s Settings.
      </Outcome>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          Stop the e-mails to <strong className="[overflow-wrap:anywhere]">{details.data.email}</strong> about
          investor activity in the <strong>{details.data.companyName}</strong> data room: first visits and
          digests.
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="text-sm text-red-700">
            {unsubscribe.error.message}
          </p>
        )}
        <div>
          <Button
            onClick={() => unsubscribe.mutate()}
            disabled={unsubscribe.isPending}
            className="w-full sm:w-auto"
          >
            <BellOff aria-hidden="true" />
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <PublicPage title="Unsubscribe">
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
        <Card>
          <CardHeader>
            <h1 className="text-lg font-semibold leading-tight text-slate-900">Notification e-mails</h1>
            <CardDescription>Roundroom data room notifications</CardDescription>
          </CardHeader>
          <CardContent>{content}</CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to={`${href('setupDataRoom')}?tab=settings`} className="text-indigo-700 underline">
            Notification settings
          </Link>
        </p>
      </div>
    </PublicPage>
  );
}

function Outcome({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: typeof CircleCheck;
  tone: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className="flex gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone}`} />
      <div>
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="mt-1 text-slate-700">{children}</p>
      </div>
    </div>
  );
}
