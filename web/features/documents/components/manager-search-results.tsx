import { Eye, EyeOff, FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { ManagerSearchResults as Results } from '#shared/contracts/search';
import { href } from '#shared/routes';
import { SnippetText } from '#web/components/ui/snippet-text';

type FoundDocument = Results['documents'][number];

/**
 * The room's viewer at a page, with the words searched for, so it opens where they are (the viewer
 * reads `page` and `q` as a reader's search result does).
 */
export function viewerAtPage(roomId: string, documentId: string, page: number, query: string): string {
  const search = new URLSearchParams({ page: String(page), q: query });
  return `${href('documentInRoom', { id: roomId, documentId })}?${search}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const names = (groups: readonly { name: string }[]) => groups.map((group) => group.name).join(', ');

/**
 * What the console's search found, by file: its title, the sections that link it, which investor
 * groups may read it, and its best pages, each opening the viewer there. Then the published answers
 * that match.
 */
export function ManagerSearchResults({ roomId, results }: { roomId: string; results: Results }) {
  const { documents, faq, query } = results;
  if (documents.length === 0 && faq.length === 0)
    return (
      <p className="py-4 text-center text-sm text-slate-600">
        Nothing in your files matches “{query}”. A file is searched once its preview is ready.
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {documents.length > 0 && (
        <ul aria-label={`Files matching “${query}”`} className="flex flex-col gap-3">
          {documents.map((document) => (
            <li key={document.documentId}>
              <FoundFile roomId={roomId} query={query} document={document} />
            </li>
          ))}
        </ul>
      )}
      {faq.length > 0 && (
        <section aria-label="Published answers" className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-900">In your published answers</h4>
          <ul className="flex flex-col gap-2">
            {faq.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium break-words text-slate-900">{entry.question}</p>
                <p className="mt-1 break-words text-slate-700">
                  <SnippetText snippet={entry.answer} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function FoundFile({ roomId, query, document }: { roomId: string; query: string; document: FoundDocument }) {
  const more = document.pageCount - document.hits.length;
  const first = document.hits[0]?.page ?? 1;
  return (
    <article className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <h4 className="font-medium break-words hyphens-auto text-slate-900">
        <Link
          to={viewerAtPage(roomId, document.documentId, first, query)}
          className="text-indigo-700 hover:underline"
        >
          {document.title}
        </Link>
      </h4>
      <dl className="mt-1.5 flex flex-col gap-1 text-sm text-slate-600">
        <div className="flex gap-1.5">
          <FolderOpen className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Sections</dt>
          <dd className="min-w-0 break-words">
            {document.sections.length === 0
              ? 'Not linked in any section'
              : `Linked in: ${document.sections.join(', ')}`}
          </dd>
        </div>
        <Visibility document={document} />
      </dl>
      <ol aria-label={`Pages of ${document.title} that match`} className="mt-3 flex flex-col gap-2">
        {document.hits.map((hit) => (
          <li key={hit.page} className="flex flex-col gap-0.5 border-l-2 border-slate-200 pl-3 text-sm">
            <Link
              to={viewerAtPage(roomId, document.documentId, hit.page, query)}
              className="w-fit font-medium text-indigo-700 hover:underline"
              aria-label={`Page ${hit.page} of ${document.title}`}
            >
              Page {hit.page}
            </Link>
            <p className="break-words text-slate-700">
              <SnippetText snippet={hit.snippet} />
            </p>
          </li>
        ))}
      </ol>
      {more > 0 && (
        <p className="mt-2 text-xs text-slate-500">And {plural(more, 'other page', 'other pages')}.</p>
      )}
    </article>
  );
}

/**
 * Who may read the file now, as the readability rule says: every group, or the groups it is hidden
 * from and those that may read it.
 */
function Visibility({ document }: { document: FoundDocument }) {
  const { hiddenFromGroups, visibleToGroups } = document;
  if (hiddenFromGroups.length === 0)
    return (
      <div className="flex gap-1.5">
        <Eye className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <dt>Visible to:</dt>
        <dd>everyone</dd>
      </div>
    );
  return (
    <>
      <div className="flex gap-1.5">
        <EyeOff className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <dt className="shrink-0">Hidden from:</dt>
        <dd className="min-w-0 break-words text-slate-800">{names(hiddenFromGroups)}</dd>
      </div>
      <div className="flex gap-1.5">
        <Eye className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <dt className="shrink-0">Visible to:</dt>
        <dd className="min-w-0 break-words">
          {visibleToGroups.length === 0
            ? 'no investor group, only you and your co-founders'
            : names(visibleToGroups)}
        </dd>
      </div>
    </>
  );
}
