import { LoaderCircle, RotateCw } from 'lucide-react';
import type { PreviewState } from '#shared/contracts/previews';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';

interface PreviewStatusProps {
  title: string;
  preview: PreviewState;
  /** Offers Retry beside a failure when given. */
  onRetry?: () => void;
  isRetrying?: boolean;
}

/**
 * A file's preparation for the viewer, as the founder's lists show it: being prepared, ready, or the
 * failure in words with Retry.
 */
export function PreviewStatus({ title, preview, onRetry, isRetrying = false }: PreviewStatusProps) {
  if (preview.status === 'preparing') {
    return (
      <Badge variant="secondary">
        <LoaderCircle className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Preparing preview
      </Badge>
    );
  }
  if (preview.status === 'ready') {
    // An archive has nothing to show: it is ready only to be downloaded.
    if (preview.kind === 'download-only') return <Badge variant="secondary">Download only</Badge>;
    return <Badge variant="success">Ready</Badge>;
  }
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-2">
      <Badge variant="destructive" className="whitespace-normal!">
        {preview.failure?.message ?? 'This file could not be converted'}
      </Badge>
      {onRetry && (
        <Button
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-label={`Retry preparing the preview of ${title}`}
          disabled={isRetrying}
          onClick={onRetry}
        >
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      )}
    </span>
  );
}
