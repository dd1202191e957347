import { ArrowLeft, CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href, type PageName } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { FoundersOnlyNotice, PageNotice } from '#web/components/app/page-notice';
import { Button } from '#web/components/ui/button';
import { PageSpinner } from '#web/components/ui/spinner';
import { ApiRequestError } from '#web/lib/api-client';

interface QueryState {
  error: Error | null;
  data?: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * What every analytics page shows before its data: loading, the founders-only notice (the server
 * answered 403), not found, or a failure with Try again. Renders `children` once the data is there.
 */
export function AnalyticsPageState({
  title,
  query,
  notFound,
  children,
}: {
  title: string;
  query: QueryState;
  notFound: string;
  children: () => ReactNode;
}) {
  const { error } = query;
  if (error instanceof ApiRequestError && error.status === 403) {
    return (
      <AppPage title={title}>
        <FoundersOnlyNotice>
          Reading analytics belong to the founder who owns the data room. Your data rooms are on your
          dashboard.
        </FoundersOnlyNotice>
      </AppPage>
    );
  }
  if (error && !query.data) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <AppPage title={title}>
        <PageNotice
          title={missing ? notFound : 'Failed to load reading analytics'}
          icon={CircleAlert}
          action={
            missing ? (
              <Button asChild variant="outline">
                <Link to={href('roomAnalytics')}>
                  <ArrowLeft aria-hidden="true" />
                  All reading analytics
                </Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            )
          }
        >
          {error.message}
        </PageNotice>
      </AppPage>
    );
  }
  if (!query.data) {
    return (
      <AppPage title={title}>
        <PageSpinner label="Loading..." showLabel />
      </AppPage>
    );
  }
  return <AppPage title={title}>{children()}</AppPage>;
}

/** The way back, above a page's heading. */
export function BackLink({ to, children }: { to: PageName; children: ReactNode }) {
  return (
    <Link
      to={href(to)}
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
