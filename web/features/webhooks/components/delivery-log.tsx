import type { WebhookDelivery } from '#shared/contracts/webhooks';
import { Badge } from '#web/components/ui/badge';
import { Spinner } from '#web/components/ui/spinner';
import { useWebhookDeliveries } from '#web/features/webhooks/api/use-webhook-deliveries';
import { formatDateTime } from '#web/lib/format';

const STATUS_BADGES: Record<
  WebhookDelivery['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  succeeded: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function statusBadge(delivery: WebhookDelivery) {
  const badge =
    delivery.status === 'pending' && delivery.attempts === 0
      ? { label: 'Queued', variant: 'warning' as const }
      : STATUS_BADGES[delivery.status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** An endpoint's newest deliveries, read again every few seconds while one is still being tried. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useWebhookDeliveries(endpointId);
  if (log.isPending) return <Spinner className="mt-4" label="Loading the delivery log…" showLabel />;
  if (log.isError)
    return (
      <p role="alert" className="mt-4 text-sm text-red-700">
        Failed to load the delivery log: {log.error.message}
      </p>
    );
  const { deliveries } = log.data;
  return (
    <section aria-label="Delivery log" className="mt-4">
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing sent yet. Send a test event to try the endpoint.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-1 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-slate-900">{delivery.eventType}</span>
                {statusBadge(delivery)}
                <span className="text-slate-600">
                  {delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : 'No answer'}
                  {delivery.attempts > 0 &&
                    `, ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`}
                  {delivery.durationMs !== null && `, ${delivery.durationMs} ms`}
                </span>
              </div>
              <p className="text-slate-600">
                <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
                {delivery.lastAttemptAt && (
                  <>
                    {' · last tried '}
                    <time dateTime={delivery.lastAttemptAt}>{formatDateTime(delivery.lastAttemptAt)}</time>
                  </>
                )}
                {delivery.nextAttemptAt && delivery.attempts > 0 && (
                  <>
                    {' · next try '}
                    <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
                  </>
                )}
              </p>
              {delivery.lastError && <p className="break-words text-red-700">{delivery.lastError}</p>}
              {delivery.responseExcerpt && (
                <p className="break-all font-mono text-xs text-slate-600">
                  Answer: {delivery.responseExcerpt}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
