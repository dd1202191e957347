import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DocumentListItem } from '#shared/contracts/documents';
import { FileTypeIcon } from '#web/components/data-room/data-room-icons';
import { Badge } from '#web/components/ui/badge';
import { formatFileSize } from '#web/features/documents/file-size';
import { cn } from '#web/lib/cn';
import { formatDate } from '#web/lib/format';
import { PreviewStatus } from './preview-status';

interface DocumentRowProps {
  document: DocumentListItem;
  /** Before the icon, e.g. a selection checkbox. */
  leading?: ReactNode;
  /** At the end of the row, e.g. Copy link, Download and Delete. */
  actions?: ReactNode;
  /** A single action (one icon button) stays beside the details on a phone instead of under them. */
  singleAction?: boolean;
  /** Offers Retry beside a failed preview. */
  onRetryPreview?: (document: DocumentListItem) => void;
  isRetryingPreview?: boolean;
}

/**
 * One uploaded file in a console list: its type icon, title, section, size, date, badges ("View only" when
 * investors may not download it) and preview state. On a phone
 * the details wrap under the title and the actions stay in reach at the right.
 */
export function DocumentRow({
  document,
  leading,
  actions,
  singleAction = false,
  onRetryPreview,
  isRetryingPreview,
}: DocumentRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
      {leading}
      <FileTypeIcon fileType={document.fileType} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium break-words text-slate-900">{document.title}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>{formatFileSize(document.fileSize)}</span>
          <span className="min-w-0 break-words">{document.sectionName ?? 'Not in a section'}</span>
          <span>{formatDate(document.updatedAt)}</span>
          <Badge variant={document.isUploaded ? 'success' : 'info'}>
            {document.isUploaded ? 'Uploaded' : 'External'}
          </Badge>
          {!document.isDownloadAllowed && (
            <Badge variant="secondary" title="Investors read it in the viewer only">
              <Eye aria-hidden="true" className="size-3" />
              View only
            </Badge>
          )}
          <PreviewStatus
            title={document.title}
            preview={document.preview}
            onRetry={onRetryPreview && (() => onRetryPreview(document))}
            isRetrying={isRetryingPreview}
          />
        </p>
      </div>
      {/* On a phone several actions take a line of their own under the details, at the right. */}
      {actions && (
        <div
          className={cn(
            'flex shrink-0 items-end justify-end gap-1',
            singleAction ? 'w-auto' : 'w-full sm:w-auto',
          )}
        >
          {actions}
        </div>
      )}
    </div>
  );
}
