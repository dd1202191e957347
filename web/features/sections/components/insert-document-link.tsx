import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { addDocumentToSection, uploadedDocumentPath } from '#shared/sections-markdown';
import { Button } from '#web/components/ui/button';
import { useSectionsDraft } from '#web/features/sections/sections-draft';
import { useParsedSections } from '#web/lib/sections-parser/use-parsed-sections';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-200';

const NEW_SECTION = '__new__';

/**
 * Puts an uploaded file's link into a section of the draft, so nobody copies a download path by hand.
 * The draft then shows it as an unsaved change, to review and save.
 */
export function InsertDocumentLink({ documents }: { documents: readonly { id: string; title: string }[] }) {
  const draft = useSectionsDraft();
  // Parsed off the main thread: a long draft must not hold up typing (ADR 26).
  const { parsed } = useParsedSections(draft.value);
  const sectionNames = useMemo(() => parsed?.sections.map((section) => section.name) ?? [], [parsed]);
  const [documentId, setDocumentId] = useState('');
  const [section, setSection] = useState('');
  const [newSection, setNewSection] = useState('');
  const documentFieldId = useId();
  const sectionFieldId = useId();
  const newSectionFieldId = useId();

  const chosenDocument = documents.find((document) => document.id === documentId) ?? documents[0];
  // A section chosen before an edit renamed it falls back to the first one.
  const usingNewSection = section === NEW_SECTION || sectionNames.length === 0;
  const existingSection = sectionNames.includes(section) ? section : (sectionNames[0] ?? '');
  const chosenSection = usingNewSection ? newSection.trim() : existingSection;

  const insert = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosenDocument || !chosenSection) return;
    draft.transform((markdown) =>
      addDocumentToSection(
        markdown,
        chosenSection,
        chosenDocument.title,
        uploadedDocumentPath(chosenDocument.id),
      ),
    );
    toast.success('Link added', {
      description: `“${chosenDocument.title}” is in ${chosenSection}. Save to publish it.`,
    });
  };

  if (documents.length === 0) {
    return <p className="text-sm text-slate-600">Upload a file in the Files tab to link it here.</p>;
  }

  return (
    <form onSubmit={insert} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={documentFieldId} className="text-sm font-medium text-slate-900">
          Uploaded file
        </label>
        <select
          id={documentFieldId}
          className={selectClass}
          value={chosenDocument?.id ?? ''}
          onChange={(event) => setDocumentId(event.target.value)}
        >
          {documents.map((document) => (
            <option key={document.id} value={document.id}>
              {document.title}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sectionFieldId} className="text-sm font-medium text-slate-900">
          Section
        </label>
        <select
          id={sectionFieldId}
          className={selectClass}
          value={usingNewSection ? NEW_SECTION : existingSection}
          onChange={(event) => setSection(event.target.value)}
        >
          {sectionNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={NEW_SECTION}>A new section…</option>
        </select>
      </div>
      {usingNewSection && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={newSectionFieldId} className="text-sm font-medium text-slate-900">
            New section name
          </label>
          <input
            id={newSectionFieldId}
            className={selectClass}
            value={newSection}
            onChange={(event) => setNewSection(event.target.value)}
            placeholder="Due diligence"
          />
        </div>
      )}
      <Button type="submit" variant="outline" disabled={!chosenDocument || !chosenSection}>
        <Link2 aria-hidden="true" />
        Insert link
      </Button>
    </form>
  );
}
