import type { ReactNode } from 'react';
import { PublicPage } from '#web/components/site/public-page';

export interface LegalSection {
  /** The anchor of the section, e.g. 'cookies' for /privacy#cookies. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** Both legal texts were last revised together (docs/product-rules.md#legal). */
  lastUpdated?: { label: string; dateTime: string };
  intro: ReactNode;
  sections: LegalSection[];
}

const july15 = { label: 'July 15, 2025', dateTime: '2025-07-15' };

/**
 * The shared frame of the privacy policy and the terms of use: title, last-updated date, a short intro,
 * a table of contents, and numbered sections in a column narrow enough to read comfortably.
 */
export function LegalDocument({ title, lastUpdated = july15, intro, sections }: LegalDocumentProps) {
  return (
    <PublicPage title={title}>
      <div className="mx-auto grid max-w-6xl gap-x-12 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <header className="max-w-[68ch] border-b border-slate-200 pb-8 lg:col-start-2">
          <p className="text-sm font-semibold text-indigo-700">Legal</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-500">
            Last updated: <time dateTime={lastUpdated.dateTime}>{lastUpdated.label}</time>
          </p>
          <div className="mt-6 space-y-4 text-base leading-7 text-slate-600 sm:text-lg sm:leading-8">
            {intro}
          </div>
        </header>

        <nav
          aria-labelledby="contents-heading"
          className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
        >
          <h2 id="contents-heading" className="text-sm font-semibold text-slate-900">
            Contents
          </h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id} className="flex gap-2">
                <span className="w-5 shrink-0 text-right text-slate-400 tabular-nums">{index + 1}.</span>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-slate-600 hover:text-indigo-700 hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 max-w-[68ch] space-y-10 lg:col-start-2">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2
                id={section.id}
                className="flex scroll-mt-24 gap-2 text-xl font-semibold tracking-tight text-slate-900"
              >
                <span className="text-indigo-600 tabular-nums">{index + 1}.</span>{' '}
                <span>{section.title}</span>
              </h2>
              <div className="mt-3 space-y-4 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:decoration-indigo-300 [&_a]:underline-offset-4 [&_a:hover]:decoration-indigo-600 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                {section.content}
              </div>
            </section>
          ))}
        </div>
      </div>
    </PublicPage>
  );
}
