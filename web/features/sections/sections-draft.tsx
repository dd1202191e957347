import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SectionsSource } from '#shared/contracts/rooms';
import { sectionsChangedIn, useMySections, useSaveSections } from './api/sections-hooks';
import { mergeSectionsDraft } from './merge-sections-draft';

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
  /**
   * The saved text, when a save found it changed in the same lines as the draft: the editor shows both.
   * The draft is then based on it, so saving the draft replaces it; `chooseSaved` takes the saved text instead.
   */
  conflict: SectionsSource | null;
  chooseSaved: () => void;
  chooseDraft: () => void;
}

/** An unsaved draft and the saved text it started from (what a save is checked against). */
interface Draft {
  text: string;
  base: SectionsSource;
}

/** Rebase-and-save rounds one Save may take while the server keeps changing the text. */
const MAX_SAVE_ATTEMPTS = 3;

const SectionsDraftContext = createContext<SectionsDraft | null>(null);

/**
 * One draft of the sections markdown per console page, shared by the Sections tab (which edits it)
 * and the Files tab (whose uploads and deletions change it on the server), so neither loses the
 * other's work. A save names the version its draft started from; when the server's text changed
 * meanwhile (409) the draft is rebased onto it (a three-way merge) and saved again, or, where both
 * changed the same lines, both are shown for the founder to choose (ADR 30).
 */
export function SectionsDraftProvider({ children }: { children: ReactNode }) {
  const sections = useMySections();
  const saveSections = useSaveSections();
  const saved: SectionsSource = sections.data ?? { content: '', version: '' };
  /** null while the editor shows the saved markdown unchanged. Mirrored in a ref for async callbacks. */
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const setDraft = useCallback((next: Draft | null) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  const [conflict, setConflict] = useState<SectionsSource | null>(null);
  const savedRef = useRef(saved);
  savedRef.current = saved;

  // The saved text was refreshed (after an upload or a deletion, say): a draft that merges cleanly is
  // rebased onto it at once, so its next save is not refused. One that does not is settled on save.
  useEffect(() => {
    const current = draftRef.current;
    const fresh = sections.data;
    if (!fresh || !current || current.base.version === fresh.version) return;
    const merged = mergeSectionsDraft({
      base: current.base.content,
      draft: current.text,
      server: fresh.content,
    });
    if (merged.clean) setDraft({ text: merged.text, base: fresh });
  }, [sections.data, setDraft]);

  const value = useMemo<SectionsDraft>(() => {
    const attemptSave = (
      attempt: number,
      callbacks: { onSuccess: () => void; onError: (error: Error) => void },
    ) => {
      const sent = draftRef.current ?? { text: savedRef.current.content, base: savedRef.current };
      saveSections.mutate(
        { content: sent.text, baseVersion: sent.base.version },
        {
          onSuccess: ({ version }) => {
            // Keep anything typed (or an upload's link) that arrived while the save was in flight.
            const now = draftRef.current;
            const source = { content: sent.text, version };
            setDraft(now === null || now.text === sent.text ? null : { text: now.text, base: source });
            callbacks.onSuccess();
          },
          onError: (error) => {
            const server = sectionsChangedIn(error);
            if (!server) return callbacks.onError(error);
            const now = draftRef.current ?? sent;
            const merged = mergeSectionsDraft({
              base: now.base.content,
              draft: now.text,
              server: server.content,
            });
            if (!merged.clean) {
              setDraft({ text: now.text, base: server });
              setConflict(server);
              return callbacks.onError(error);
            }
            if (merged.text === server.content) {
              // The server already holds everything the draft changed.
              setDraft(null);
              return callbacks.onSuccess();
            }
            setDraft({ text: merged.text, base: server });
            if (attempt >= MAX_SAVE_ATTEMPTS) return callbacks.onError(error);
            attemptSave(attempt + 1, callbacks);
          },
        },
      );
    };

    return {
      status: sections.isPending ? 'pending' : sections.isError ? 'error' : 'ready',
      loadError: sections.error,
      retry: () => void sections.refetch(),
      value: draft?.text ?? saved.content,
      dirty: draft !== null && draft.text !== saved.content,
      edit: (next) => {
        saveSections.reset();
        setDraft({ text: next, base: draftRef.current?.base ?? savedRef.current });
      },
      transform: (change) => {
        const current = draftRef.current;
        setDraft({
          text: change(current?.text ?? savedRef.current.content),
          base: current?.base ?? savedRef.current,
        });
      },
      followServerChange: (change) => {
        const current = draftRef.current;
        if (current === null) return;
        // The base gets it too: it is what the server's text now is, as far as this change goes, so a
        // rebase after a 409 sees the change on both sides and keeps it once.
        setDraft({
          text: change(current.text),
          base: { ...current.base, content: change(current.base.content) },
        });
      },
      save: (callbacks) => {
        setConflict(null);
        attemptSave(1, callbacks);
      },
      saving: saveSections.isPending,
      saveError: saveSections.error,
      conflict,
      chooseSaved: () => {
        saveSections.reset();
        setConflict(null);
        setDraft(null);
      },
      chooseDraft: () => {
        saveSections.reset();
        setConflict(null);
      },
    };
  }, [sections, saveSections, draft, saved, conflict, setDraft]);

  return <SectionsDraftContext.Provider value={value}>{children}</SectionsDraftContext.Provider>;
}

export function useSectionsDraft(): SectionsDraft {
  const draft = useContext(SectionsDraftContext);
  if (!draft) throw new Error('useSectionsDraft needs a SectionsDraftProvider above it.');
  return draft;
}
