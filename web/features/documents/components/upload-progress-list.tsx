import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import type { ArchiveUploadResult } from '#shared/contracts/documents';
import { Button } from '#web/components/ui/button';
import type { UploadItem } from '#web/features/documents/api/use-upload-queue';
import { formatFileSize } from '#web/features/documents/file-size';

/** Each file of the current uploads with its own progress bar, then its outcome. */
export function UploadProgressList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.some((item) => item.status === 'done' || item.status === 'failed');
  return (
    <section aria-label="Uploads" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Uploads</h3>
        {finished && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear finished
          </Button>
        )}
      </div>
      <ul className="flex flex-col gap-3">
        {items.map((item) => {
          const percent = Math.round(item.progress * 100);
          return (
            <li key={item.key} className="flex flex-col gap-1.5">
              <div className="flex items-center gap-2 text-sm">
                {item.status === 'done' && (
                  <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                )}
                {item.status === 'failed' && (
                  <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />
                )}
                {(item.status === 'uploading' || item.status === 'waiting') && (
                  <Loader2 className="size-4 shrink-0 animate-spin text-indigo-600" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={item.name}>
                  {item.name}
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {item.status === 'done'
                    ? 'Uploaded'
                    : item.status === 'failed'
                      ? 'Failed'
                      : item.status === 'waiting'
                        ? 'Waiting'
                        : `${percent}%`}{' '}
                  · {formatFileSize(item.size)}
                </span>
              </div>
              {item.lines && <ArchiveLines lines={item.lines} name={item.name} />}
              {item.status === 'failed' ? (
                <p className="text-xs text-red-700">{item.error}</p>
              ) : item.lines ? null : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${item.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
                    style={{ width: `${percent}%` }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An unpacked zip's lines: each file stored (in which section) or refused, and why. */
function ArchiveLines({ lines, name }: { lines: ArchiveUploadResult['results']; name: string }) {
  if (lines.length === 0) return <p className="text-xs text-slate-600">The zip holds no file to upload.</p>;
  return (
    <ul aria-label={`Files of ${name}`} className="flex max-h-64 flex-col gap-1 overflow-y-auto pl-6 text-xs">
      {lines.map((line) => (
        <li key={line.path} className="flex min-w-0 items-start gap-1.5">
          {line.status === 'stored' ? (
            <CheckCircle2 className="mt-0.5 size-3.5 shrink-0 text-emerald-600" aria-label="Stored" />
          ) : (
            <CircleAlert className="mt-0.5 size-3.5 shrink-0 text-red-600" aria-label="Refused" />
          )}
          <span className="min-w-0 break-words">
            <span className="font-medium text-slate-900">{line.path}</span>
            {line.status === 'stored' ? (
              <span className="text-slate-600">
                {line.document.sectionName ? ` → ${line.document.sectionName}` : ' → no section'}
              </span>
            ) : (
              <span className="text-red-700">: {line.message}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
