import { useMemo } from 'react';
import { addDocumentToSection, removeDocumentLinks } from '#shared/sections-markdown';
import type { UploadResponse } from '#web/features/documents/api/use-upload-queue';
import { useSectionsDraft } from '#web/features/sections/sections-draft';
import { useParsedSections } from '#web/lib/sections-parser/use-parsed-sections';

/**
 * What a Files tab needs from the page's sections draft: the sections an upload may go into, and the
 * server's changes to the markdown (an upload linked into a section, a deleted file's links removed)
 * carried into an unsaved draft so saving it cannot undo them. Spread into FilesPanel.
 */
export function useFilesFollowingDraft() {
  const draft = useSectionsDraft();
  // Parsed off the main thread: a long draft must not hold up typing (ADR 26).
  const { parsed } = useParsedSections(draft.value);
  const sectionNames = useMemo(() => parsed?.sections.map((section) => section.name) ?? [], [parsed]);
  return {
    sectionNames,
    onUploaded: ({ document, url }: UploadResponse, section: string | undefined) => {
      if (section)
        draft.followServerChange((markdown) => addDocumentToSection(markdown, section, document.title, url));
    },
    onDeleted: (ids: readonly string[]) =>
      draft.followServerChange((markdown) =>
        ids.reduce(
          (text, id) => removeDocumentLinks(text, id, { appOrigin: window.location.origin }),
          markdown,
        ),
      ),
  };
}
