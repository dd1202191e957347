import type { z } from 'zod';
import { RECENT_DOCUMENTS, type recentDocumentSchema } from '#shared/contracts/admin';
import { FileTypeIcon } from '#web/components/data-room/data-room-icons';
import { Badge } from '#web/components/ui/badge';
import { formatUpdated } from '#web/lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';

export function RecentDocuments({
  documents,
}: {
  documents: readonly z.infer<typeof recentDocumentSchema>[];
}) {
  return (
    <DashboardPanel
      id="admin-recent-documents-title"
      title="Recent Documents"
      description={`The ${RECENT_DOCUMENTS} most recently added or updated.`}
    >
      {documents.length === 0 ? (
        <EmptyPanel>No documents yet. Upload a file or link one in a section.</EmptyPanel>
      ) : (
        <ul aria-label="Recent documents" className="divide-y divide-slate-100">
          {documents.slice(0, RECENT_DOCUMENTS).map((document) => (
            <li key={document.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <FileTypeIcon fileType={document.fileType} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 wrap-anywhere">{document.title}</p>
                <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Badge variant={document.isUploaded ? 'info' : 'secondary'}>
                    {document.isUploaded ? 'Uploaded' : 'External'}
                  </Badge>
                  <span className="text-xs text-slate-500">
                    {document.sectionName ?? 'In no section'} · {formatUpdated(document.updatedAt)}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
