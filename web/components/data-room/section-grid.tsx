import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { SectionIcon as SectionIconName } from '#shared/section-icons';
import { writtenSectionDescription } from '#shared/sections-markdown';
import { SectionIcon } from './data-room-icons';

export function documentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

export function sectionCardId(sectionId: number): string {
  return `section-card-${sectionId}`;
}

/** What a section card needs: the demo's static sections and parsed markdown sections both fit. */
export interface SectionSummary {
  id: number;
  name: string;
  description: string;
  icon: SectionIconName;
  documents: readonly unknown[];
  /** The founder's preview only: who cannot see this section ('Hidden from All investors'). */
  mark?: string;
}

/** A founder's mark on a section in the preview, on its card and above its list. */
export function SectionMark({ id, mark }: { id?: string; mark: string }) {
  return (
    <span
      id={id}
      className="inline-flex w-fit items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
    >
      {mark}
    </span>
  );
}

interface SectionGridProps {
  sections: readonly SectionSummary[];
  onOpen: (sectionId: number) => void;
  /** The section's own URL: each card is then a real link to it (a room read at its URL). */
  sectionHref?: (sectionId: number) => string;
}

const CARD_CLASS =
  'group flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The room's sections as cards; each card opens the section's document list: a link to the section's
 * URL where it has one, else a button.
 */
export function SectionGrid({ sections, onOpen, sectionHref }: SectionGridProps) {
  return (
    <section aria-labelledby="room-sections-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="room-sections-title" className="text-xl font-semibold text-slate-900">
          Sections
        </h2>
        {sections.length > 0 && (
          <p className="text-sm text-slate-600">Choose a section to see its documents.</p>
        )}
      </div>
      {sections.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No sections have been published yet.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => {
            const nameId = `section-${section.id}-name`;
            const countId = `section-${section.id}-count`;
            const descriptionId = `section-${section.id}-description`;
            const markId = `section-${section.id}-mark`;
            const labelledBy = `${nameId} ${countId}${section.mark ? ` ${markId}` : ''}`;
            const description = writtenSectionDescription(section);
            const card = (
              <>
                <span className="flex items-center gap-3">
                  <SectionIcon name={section.icon} />
                  <span className="flex min-w-0 flex-col">
                    <span id={nameId} className="font-semibold break-words text-slate-900">
                      {section.name}
                    </span>
                    <span id={countId} className="text-sm text-slate-500">
                      {documentCountLabel(section.documents.length)}
                    </span>
                    {section.mark && <SectionMark id={markId} mark={section.mark} />}
                  </span>
                </span>
                {description && (
                  <span id={descriptionId} className="mt-3 text-sm break-words text-slate-600">
                    {description}
                  </span>
                )}
                <span className="mt-auto flex items-center gap-1 pt-4 text-sm font-medium text-indigo-700">
                  Click to view
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
              </>
            );
            return (
              <li key={section.id}>
                {sectionHref ? (
                  <Link
                    to={sectionHref(section.id)}
                    id={sectionCardId(section.id)}
                    aria-labelledby={labelledBy}
                    aria-describedby={description ? descriptionId : undefined}
                    className={CARD_CLASS}
                  >
                    {card}
                  </Link>
                ) : (
                  <button
                    type="button"
                    id={sectionCardId(section.id)}
                    onClick={() => onOpen(section.id)}
                    aria-labelledby={labelledBy}
                    aria-describedby={description ? descriptionId : undefined}
                    className={CARD_CLASS}
                  >
                    {card}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
