import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UnsubscribeDetails } from '#shared/contracts/notifications';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { ApiRequestError } from '#web/lib/api-client';

/** What a kind of mail's unsubscribe page says: its heading, what it stops, and where to go instead. */
export interface UnsubscribeWording {
  heading: string;
  description: string;
  /** Before the button: what the link would stop, for that address. */
  stop: (details: UnsubscribeDetails) => ReactNode;
  /** Once stopped. */
  stopped: (details: UnsubscribeDetails) => ReactNode;
  /** A link's page that is not valid: where the choice is made otherwise. */
  invalid: string;
  elsewhere: { label: string; to: string };
}

/**
 * The page of an unsubscribe link (docs/decisions/0044-founder-notifications.md, ADR 92). Opening it
 * changes nothing (mail scanners open links): the reader confirms with the button, without signing in.
 * Mail programs that support RFC 8058 unsubscribe with one POST to the same URL instead.
 */
export function UnsubscribeCard({
  token,
  details,
  unsubscribe,
  wording,
}: {
  token: string;
  details: UseQueryResult<UnsubscribeDetails>;
  unsubscribe: UseMutationResult<UnsubscribeDetails, Error, void>;
  wording: UnsubscribeWording;
}) {
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
        {wording.invalid}
      </Outcome>
    );
  } else if (details.isPending) {
    content = <Spinner label="Checking the link…" showLabel />;
  } else if (details.data.isUnsubscribed) {
    content = (
      <Outcome icon={CircleCheck} tone="text-emerald-700" title="You are unsubscribed">
        {wording.stopped(details.data)}
      </Outcome>
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{wording.stop(details.data)}</p>
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
            <h1 className="text-lg font-semibold leading-tight text-slate-900">{wording.heading}</h1>
            <CardDescription>{wording.description}</CardDescription>
          </CardHeader>
          <CardContent>{content}</CardContent>
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to={wording.elsewhere.to} className="text-indigo-700 underline">
            {wording.elsewhere.label}
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
