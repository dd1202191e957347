import type { z } from 'zod';
import type { adminSectionSchema } from '#shared/contracts/admin';
import { writtenSectionDescription } from '#shared/sections-markdown';
import { SectionIcon } from '#web/components/data-room/data-room-icons';
import { Badge } from '#web/components/ui/badge';
import { EmptyPanel } from './dashboard-panel';

/** A section card's count, worded 'N docs'. */
export function docsLabel(count: number): string {
  return `${count} ${count === 1 ? 'doc' : 'docs'}`;
}

/** The room's sections, each with its icon, name, description and document count. */
export function SectionCards({ sections }: { sections: readonly z.infer<typeof adminSectionSchema>[] }) {
  return (
    <section aria-labelledby="admin-sections-title">
      <h2 id="admin-sections-title" className="text-lg font-semibold text-slate-900">
        Data room sections
      </h2>
      <div className="mt-4">
        {sections.length === 0 ? (
          <EmptyPanel>
            No sections yet. Investors see sections once you add them to your data room.
          </EmptyPanel>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
            {sections.map((section) => (
              <li
                key={section.id}
                className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <SectionIcon name={section.icon} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900 wrap-anywhere">{section.name}</h3>
                    <Badge variant="secondary">{docsLabel(section.documentCount)}</Badge>
                  </div>
                  {writtenSectionDescription(section) && (
                    <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{section.description}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
