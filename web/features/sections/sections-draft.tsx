import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useMySections, useSaveSections } from './api/sections-hooks';

interface SectionsDraft {
  /** The saved markdown has loaded. */
  status: 'pending' | 'error' | 'ready';
  loadError: Error | null;
  retry: () => void;
  /** What the editor shows: the unsaved draft, or the saved markdown. */
  value: string;
  dirty: boolean;
  edit: (value: string) => void;
  /** Changes the editor's text as an edit would (e.g. inserting a file's link), marking it unsaved. */
  transform: (change: (markdown: string) => string) => void;
  /**
   * The server has already made this change to the saved markdown (an upload linked into a section, a
   * deleted file's links removed). An unsaved draft gets it too, so saving the draft cannot undo it;
   * without a draft the refreshed markdown already shows it.
   */
  followServerChange: (change: (markdown: string) => string) => void;
  save: (callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  saving: boolean;
  /** The last refusal from the server (it names the line), until the next edit or save. */
  saveError: Error | null;
}

const SectionsDraftContext = createContext<SectionsDraft | null>(null);

/**
 * One draft of the sections markdown per console page, shared by the Sections tab (which edits it)
 * and the Files tab (whose uploads and deletions change it on the server), so neither loses the
 * other's work.
 */
export function SectionsDraftProvider({ children }: { children: ReactNode }) {
  const sections = useMySections();
  const saveSections = useSaveSections();
  /** null while the editor shows the saved markdown unchanged. */
  const [draft, setDraft] = useState<string | null>(null);
  const saved = sections.data?.content ?? '';

  const value = useMemo<SectionsDraft>(
    () => ({
      status: sections.isPending ? 'pending' : sections.isError ? 'error' : 'ready',
      loadError: sections.error,
      retry: () => void sections.refetch(),
      value: draft ?? saved,
      dirty: draft !== null && draft !== saved,
      edit: (next) => {
        saveSections.reset();
        setDraft(next);
      },
      transform: (change) => setDraft((current) => change(current ?? saved)),
      followServerChange: (change) => setDraft((current) => (current === null ? null : change(current))),
      save: ({ onSuccess, onError }) => {
        const content = draft ?? saved;
        saveSections.mutate(content, {
          onSuccess: () => {
            // Keep anything typed while the save was in flight.
            setDraft((current) => (current === content ? null : current));
            onSuccess();
          },
          onError,
        });
      },
      saving: saveSections.isPending,
      saveError: saveSections.error,
    }),
    [sections, saveSections, draft, saved],
  );

  return <SectionsDraftContext.Provider value={value}>{children}</SectionsDraftContext.Provider>;
}

export function useSectionsDraft(): SectionsDraft {
  const draft = useContext(SectionsDraftContext);
  if (!draft) throw new Error('useSectionsDraft needs a SectionsDraftProvider above it.');
  return draft;
}
