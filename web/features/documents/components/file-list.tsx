import { ChartColumn, ChevronDown, Copy, Download, History, Pencil, Search, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DocumentListItem } from '#shared/contracts/documents';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import {
  filterByTitle,
  selectAllState,
  selectedVisible,
  toggleAll,
  toggleOne,
} from '#web/features/documents/file-selection';
import { useKeyDocuments } from '#web/features/engagement/api/engagement-queries';
import { FOCUS_ROW_ATTRIBUTE } from '#web/lib/use-focus-after-removal';
import { DocumentRow, type UnlinkedReaders } from './document-row';
import { DownloadPolicySelect } from './download-policy-select';
import { KeyDocumentButton } from './key-document-button';
import { RenameDocumentDialog } from './rename-document-dialog';
import { VersionsDialog } from './versions-dialog';

interface FileListProps {
  documents: readonly DocumentListItem[];
  /** Who reads a file no section links, said beside each such file. */
  unlinkedReaders?: UnlinkedReaders;
  /** Ids whose download is running (its button is disabled until it ends). */
  downloading: ReadonlySet<string>;
  onCopyLink: (document: DocumentListItem) => void;
  onDownload: (document: DocumentListItem) => void;
  /** Asks to delete these documents; the caller confirms, then clears the selection with `clear`. */
  onDelete: (documents: DocumentListItem[], clear: () => void) => void;
  /** Prepares a failed preview again. */
  onRetryPreview?: (document: DocumentListItem) => void;
  /** The document whose Retry is running, if any. */
  retryingPreview?: string;
  /** The list's accessible name, the page's word for its files. */
  label?: string;
  /** What the list says when nothing is uploaded yet. */
  emptyText?: string;
  /** More actions of an uploaded file, composed by the app ("Share this document", ADR 95). */
  moreActions?: (document: DocumentListItem) => ReactNode;
}

const checkboxClass = 'size-4 shrink-0 rounded border-slate-300 accent-indigo-600';

/**
 * The Files tab's list: a title filter, select-all and per-file checkboxes, bulk 'Delete (n)', and per
 * file its preview state (with Retry after a failure), "Allow download", "Key document" (ADR 89), Rename, Copy link, its versions
 * ("Replace file", ADR 69), its analytics, Download and Delete, each in words. Selection acts only on the
 * files the filter shows.
 */
export function FileList({
  documents,
  unlinkedReaders,
  downloading,
  onCopyLink,
  onDownload,
  onDelete,
  onRetryPreview,
  retryingPreview,
  label = 'Files',
  emptyText = 'No files yet. Upload your first file above.',
  moreActions,
}: FileListProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [versionsOf, setVersionsOf] = useState<string>();
  const [renaming, setRenaming] = useState<string>();
  const searchId = useId();
  const visible = useMemo(() => filterByTitle(documents, query), [documents, query]);
  const chosen = selectedVisible(selected, visible);
  const allState = selectAllState(selected, visible);
  const clear = () => setSelected(new Set());
  const byId = new Map(documents.map((document) => [document.id, document]));
  const keyDocuments = new Set(useKeyDocuments().data?.documentIds);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search files by title
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search files by title"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>

      <div className="flex min-h-10 items-center justify-between gap-3 border-b border-slate-200 pb-2">
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={allState === 'all'}
              ref={(box) => {
                if (box) box.indeterminate = allState === 'some';
              }}
              disabled={visible.length === 0}
              onChange={() => setSelected(toggleAll(selected, visible))}
            />
            Select all
          </label>
          <span className="text-slate-500">
            (
            {visible.length === documents.length
              ? documents.length
              : `${visible.length} of ${documents.length}`}
            )
          </span>
        </div>
        {chosen.length > 0 && (
          <Button
            variant="destructive"
            size="sm"
            onClick={() =>
              onDelete(
                chosen.map((id) => byId.get(id) as DocumentListItem),
                clear,
              )
            }
          >
            <Trash2 aria-hidden="true" />
            Delete ({chosen.length})
          </Button>
        )}
      </div>

      {visible.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">
          {documents.length === 0 ? emptyText : `No files match “${query.trim()}”.`}
        </p>
      ) : (
        <ul aria-label={label} className="divide-y divide-slate-200">
          {visible.map((document) => (
            <li key={document.id}>
              <DocumentRow
                document={document}
                isKey={keyDocuments.has(document.id)}
                unlinkedReaders={unlinkedReaders}
                onRetryPreview={onRetryPreview}
                isRetryingPreview={retryingPreview === document.id}
                leading={
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    aria-label={`Select ${document.title}`}
                    checked={selected.has(document.id)}
                    onChange={() => setSelected(toggleOne(selected, document.id))}
                  />
                }
                actions={
                  <RowActions title={document.title}>
                    <DownloadPolicySelect document={document} />
                    {document.isUploaded && (
                      <KeyDocumentButton
                        documentId={document.id}
                        title={document.title}
                        isKey={keyDocuments.has(document.id)}
                      />
                    )}
                    {document.isUploaded && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Rename ${document.title}`}
                        onClick={() => setRenaming(document.id)}
                      >
                        <Pencil aria-hidden="true" />
                        Rename
                      </Button>
                    )}
                    {document.isUploaded && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Copy link to ${document.title}`}
                        onClick={() => onCopyLink(document)}
                      >
                        <Copy aria-hidden="true" />
                        Copy link
                      </Button>
                    )}
                    {document.isUploaded && (
                      <Button
                        variant="ghost"
                        size="sm"
                        title="Replace file and versions"
                        aria-label={`Versions of ${document.title}`}
                        onClick={() => setVersionsOf(document.id)}
                      >
                        <History aria-hidden="true" />
                        Versions
                      </Button>
                    )}
                    {document.isUploaded && moreActions?.(document)}
                    {document.isUploaded && (
                      <Button asChild variant="ghost" size="sm">
                        <Link
                          to={href('documentAnalytics', { documentId: document.id })}
                          aria-label={`Reading analytics of ${document.title}`}
                        >
                          <ChartColumn aria-hidden="true" />
                          Analytics
                        </Link>
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Download ${document.title}`}
                      disabled={downloading.has(document.id)}
                      onClick={() => onDownload(document)}
                    >
                      <Download aria-hidden="true" />
                      Download
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:text-red-800"
                      aria-label={`Delete ${document.title}`}
                      {...{ [FOCUS_ROW_ATTRIBUTE]: document.id }}
                      onClick={() => onDelete([document], () => setSelected(new Set()))}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </RowActions>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <VersionsDialog
        document={versionsOf === undefined ? undefined : byId.get(versionsOf)}
        onClose={() => setVersionsOf(undefined)}
      />
      <RenameDocumentDialog
        document={renaming === undefined ? undefined : byId.get(renaming)}
        onClose={() => setRenaming(undefined)}
      />
    </div>
  );
}

/**
 * A file's actions in words: in a row under its details from the small breakpoint up, and behind one
 * "Actions" button on a phone, where a row of words would not fit. Rendered once either way, so each
 * action has one accessible name.
 */
function RowActions({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  // Escape folds the open list back and gives focus to its button, as the console's menus do. The list
  // stays open after an action: the dialog it opens gives focus back to the action that opened it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setOpen(false);
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div className="flex w-full flex-col items-end gap-2 sm:items-start">
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Actions for ${title}`}
        onClick={() => setOpen((was) => !was)}
      >
        Actions
        <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
      </Button>
      <div
        id={listId}
        className={`${open ? 'flex' : 'hidden'} w-full flex-col items-stretch gap-1 rounded-md border border-slate-200 p-1 sm:flex sm:flex-row sm:flex-wrap sm:items-center sm:border-0 sm:p-0 [&>button]:justify-start [&>a]:justify-start`}
      >
        {children}
      </div>
    </div>
  );
}
