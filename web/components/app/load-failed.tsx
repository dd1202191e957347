import { Button } from '#web/components/ui/button';

/** A panel whose data could not be loaded: says what, and offers Try again. */
export function LoadFailed({
  what,
  detail,
  onRetry,
}: {
  what: string;
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <p className="text-slate-700">
        Something went wrong: {what} could not be loaded.{detail ? ` ${detail}` : ''}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
