import type { ParsedSections } from '#shared/sections-markdown';
import { useParsedSections } from '#web/lib/sections-parser/use-parsed-sections';

/**
 * The live preview beside the editor: the company block, then each section heading with its
 * documents as bullets, read by the same parser the data room uses, so what it shows is what
 * investors will see. The parse runs in a Web Worker (ADR 26): a text within the limits can still
 * take seconds, and typing must not wait for it, so the previous preview stays, marked as updating,
 * until the newest text is read. A text past the limits shows the limit it breaks, as the server's
 * save would answer.
 */
export function SectionsPreview({ markdown }: { markdown: string }) {
  const { parsed, isUpdating } = useParsedSections(markdown, { appOrigin: window.location.origin });

  return (
    <section
      aria-label="Preview"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      {/* Kept in the page while empty (out of sight), so screen readers hear when it starts updating. */}
      <p role="status" aria-live="polite" className={isUpdating ? 'text-xs text-slate-500' : 'sr-only'}>
        {isUpdating ? 'Updating preview…' : ''}
      </p>
      {parsed && <ParsedPreview parsed={parsed} />}
    </section>
  );
}

function ParsedPreview({ parsed }: { parsed: ParsedSections }) {
  return (
    <>
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
    </>
  );
}
