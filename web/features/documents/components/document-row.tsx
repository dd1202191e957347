import { Eye, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DocumentListItem } from '#shared/contracts/documents';
import { FileTypeIcon } from '#web/components/data-room/data-room-icons';
import { Badge } from '#web/components/ui/badge';
import { formatFileSize } from '#web/features/documents/file-size';
import { cn } from '#web/lib/cn';
import { formatDate } from '#web/lib/format';
import { PreviewStatus } from './preview-status';

/**
 * Who reads a file that no section links (server/features/rooms/readability.ts): every investor, by its
 * link, while the room has one group; only the founder and co-founders once it has more. Unknown while
 * the room's groups load.
 */
export type UnlinkedReaders = 'every-investor' | 'team-only' | undefined;

const UNLINKED_NOTE: Record<Exclude<UnlinkedReaders, undefined>, { text: string; title: string }> = {
  'every-investor': {
    text: 'Not in a section: investors open it by its link only',
    title:
      'It is in no section, so investors do not see it in the room, but any investor with its link can open it.',
  },
  'team-only': {
    text: 'Not in a section: only your team sees it',
    title:
      'Your room has more than one investor group, so a file in no section is shown to no investor. Add it to a section to show it to that section’s groups.',
  },
};

/** "12 pages", or a workbook's "3 sheets": the viewer shows each sheet as its own tab. */
export function pagesOf(fileType: DocumentListItem['fileType'], count: number): string {
  const unit = fileType === 'excel' ? 'sheet' : 'page';
  return `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
}

interface DocumentRowProps {
  document: DocumentListItem;
  /** Who reads the file while no section links it. */
  unlinkedReaders?: UnlinkedReaders;
  /** A key document, which the engagement score weighs on its own (ADR 89). */
  isKey?: boolean;
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
 * investors may not download it; "External" for a link from elsewhere) and preview state. The details
 * wrap under the title and the actions take the line under them.
 */
export function DocumentRow({
  document,
  unlinkedReaders,
  isKey = false,
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
        {/* Long titles wrap at word ends, hyphenated where a word must break (the list's lang is English). */}
        <p lang="en" className="font-medium break-words hyphens-auto text-slate-900">
          {document.title}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>{formatFileSize(document.fileSize)}</span>
          {document.pageCount !== null && <span>{pagesOf(document.fileType, document.pageCount)}</span>}
          <SectionNote sectionName={document.sectionName} unlinkedReaders={unlinkedReaders} />
          <span>{formatDate(document.updatedAt)}</span>
          {/* An upload says nothing more than being listed here; a link from elsewhere is worth a word. */}
          {!document.isUploaded && <Badge variant="info">External</Badge>}
          {isKey && (
            <Badge variant="secondary" title="The engagement score weighs how much of it each investor read">
              <Star aria-hidden="true" className="size-3 fill-amber-400 text-amber-500" />
              Key document
            </Badge>
          )}
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
      {/* Several actions take a line of their own under the details, so the title keeps the row's width. */}
      {actions && (
        <div
          className={cn(
            'flex shrink-0 items-end justify-end gap-1',
            singleAction ? 'w-auto' : 'w-full sm:pl-7',
          )}
        >
          {actions}
        </div>
      )}
    </div>
  );
}

function SectionNote({
  sectionName,
  unlinkedReaders,
}: {
  sectionName: string | null;
  unlinkedReaders: UnlinkedReaders;
}) {
  if (sectionName !== null) return <span className="min-w-0 break-words">{sectionName}</span>;
  if (!unlinkedReaders) return <span>Not in a section</span>;
  const note = UNLINKED_NOTE[unlinkedReaders];
  return (
    <span className="min-w-0 break-words" title={note.title}>
      {note.text}
    </span>
  );
}
