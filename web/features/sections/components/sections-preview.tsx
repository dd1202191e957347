import { useDeferredValue, useMemo } from 'react';
import { parseSectionsMarkdown } from '../../../../shared/sections-markdown';

/**
 * The live preview beside the editor: the company block, then each section heading with its
 * documents as bullets, read by the same parser the data room uses, so what it shows is what
 * investors will see. Deferred, so typing stays smooth in a long file. A hostile paste does not
 * freeze the page: the parser checks the shared limits (ADR 26) in one linear pass first, and the
 * message of the limit broken is shown like any other problem, as the server's save would answer.
 */
export function SectionsPreview({ markdown }: { markdown: string }) {
  const deferred = useDeferredValue(markdown);
  const parsed = useMemo(
    () => parseSectionsMarkdown(deferred, { appOrigin: window.location.origin }),
    [deferred],
  );

  return (
    <section
      aria-label="Preview"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Company</p>
        <p className="font-semibold break-words text-slate-900">{parsed.company.name}</p>
        <p className="text-sm text-slate-600">{parsed.company.stage}</p>
        <p className="text-sm break-words text-slate-600">{parsed.company.description}</p>
      </div>
      {parsed.sections.length === 0 ? (
        <p className="text-sm text-slate-600">No sections yet. Start one with a line like “## Financials”.</p>
      ) : (
        parsed.sections.map((section) => (
          <div key={section.id}>
            <h4 className="font-semibold break-words text-slate-900">{section.name}</h4>
            {section.documents.length === 0 ? (
              <p className="text-sm text-slate-500">No documents yet</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {section.documents.map((document) => (
                  <li key={document.line} className="break-words">
                    {document.title}
                    {document.isUploaded && <span className="text-slate-500"> (uploaded file)</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      {parsed.problems.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-red-700">
          {parsed.problems.map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
