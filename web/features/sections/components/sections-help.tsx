import { FileUp, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { href } from '#shared/routes';

function HelpBox({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-950">
      <span className="mt-0.5 shrink-0 text-indigo-600">{icon}</span>
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="font-medium">{title}</p>
        {children}
      </div>
    </div>
  );
}

const code = 'rounded bg-white/70 px-1 py-0.5 font-mono text-xs text-indigo-900';

/** The Sections tab's help boxes (docs/product-rules.md#configure): adding files, and markdown tips. */
export function SectionsHelp() {
  return (
    <div className="flex flex-col gap-4">
      <HelpBox icon={<FileUp className="size-4" aria-hidden="true" />} title="Adding files">
        <p>
          Upload files in the Files tab, then use <span className="font-medium">Insert link</span> to put one
          in a section. Links to Google Drive, Dropbox, OneDrive or Box work too: add them as a list item.
        </p>
        <p className="break-words">
          <code className={code}>- [Financial model](https://docs.google.com/…)</code>
        </p>
      </HelpBox>
      <HelpBox icon={<Lightbulb className="size-4" aria-hidden="true" />} title="Markdown tips">
        <ul className="flex list-disc flex-col gap-1 pl-4">
          <li>
            <code className={code}>## Financials</code> starts a section; the paragraph under it is its
            description.
          </li>
          <li>
            <code className={code}>{'## Legal {icon=gavel}'}</code> picks the section's icon.
          </li>
          <li>
            <code className={code}>- [Title](link)</code> under a section adds a document.
          </li>
          <li>
            The <code className={code}># Company Information</code> block sets the name, stage and description
            investors see.
          </li>
        </ul>
        <p>
          Changes are live for investors as soon as you save.{' '}
          <a
            href={`${href('docs')}#adding-sections`}
            target="_blank"
            rel="noopener"
            className="font-medium underline"
          >
            Read the docs
          </a>
        </p>
      </HelpBox>
    </div>
  );
}
