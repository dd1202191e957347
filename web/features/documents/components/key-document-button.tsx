import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button';
import { useMarkKeyDocument } from '#web/features/engagement/api/engagement-queries';
import { cn } from '#web/lib/cn';

/**
 * "Key document": a document the engagement score weighs on its own (docs/decisions/0089-engagement-score.md),
 * marked and unmarked from Files. A toggle: pressed while the document is key.
 */
export function KeyDocumentButton({
  documentId,
  title,
  isKey,
}: {
  documentId: string;
  title: string;
  isKey: boolean;
}) {
  const mark = useMarkKeyDocument();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={isKey}
      aria-label={`Key document: ${title}`}
      title={
        isKey
          ? 'A key document: the engagement score weighs how much of it each investor read'
          : 'Mark as a key document'
      }
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(
          { documentId, isKey: !isKey },
          { onError: () => toast.error('Failed to change key documents') },
        )
      }
    >
      <Star aria-hidden="true" className={cn(isKey && 'fill-amber-400 text-amber-500')} />
      {isKey ? 'Key document' : 'Mark as key'}
    </Button>
  );
}
