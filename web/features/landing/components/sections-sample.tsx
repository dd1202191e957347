import { Badge } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { type IconName, LandingIcon } from './landing-icon';
import { LandingSection } from './landing-section';
import { MockupFrame } from './mockup-frame';

/** Shown as text in a <pre>, never parsed or rendered as HTML. */
const sectionsMarkdown = `# Company Information
name: Northwind Robotics
stage: Series A
description: Picking robots for mid-sized warehouses.

## Financial information
Model, monthly metrics and cap table.
- [Financial model 2025-2027](https://drive.google.com/file/d/1nWr8)
- [Metrics, June 2025](/api/documents/3b8f0c2e/download)
- [Cap table](https://drive.google.com/file/d/1Kp4q)

## Legal documents {icon=gavel}
- [Certificate of incorporation](https://www.dropbox.com/s/7h2k/coi.pdf)
- [Customer contract](https://www.dropbox.com/s/9d1m/msa.pdf)

## Technology & product
- [Architecture overview](/api/documents/71c4d9aa/download)
- [Product roadmap](https://drive.google.com/file/d/1Rm9z)`;

function lineClass(line: string): string {
  if (line.startsWith('#')) return 'font-semibold text-indigo-300';
  return /^\w+:/.test(line) ? 'text-emerald-300' : 'text-slate-300';
}

const previewSections: { icon: IconName; name: string; count: number }[] = [
  { icon: 'chartLine', name: 'Financial information', count: 3 },
  { icon: 'gavel', name: 'Legal documents', count: 2 },
  { icon: 'laptop', name: 'Technology & product', count: 2 },
];

export function SectionsSample() {
  return (
    <LandingSection
      id="sections-title"
      eyebrow="Your room is a text file"
      title="Write sections.md, and investors see a finished data room"
      lead="Each ## heading is a section, each link under it a document. A line of text describes the section; {icon=gavel} picks its icon."
    >
      <div className="grid items-start gap-10 lg:grid-cols-5 lg:gap-8">
        <MockupFrame windowTitle="sections.md" caption="What you write" className="lg:col-span-3" dark>
          <pre className="p-4 font-mono text-xs/6 whitespace-pre-wrap sm:p-5 sm:text-[13px]">
            {sectionsMarkdown.split('\n').map((line, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text; the index is the line number
                key={index}
                className={cn(
                  'block min-h-6 pl-[2ch] -indent-[2ch] [overflow-wrap:anywhere]',
                  lineClass(line),
                )}
              >
                {line}
              </span>
            ))}
          </pre>
        </MockupFrame>

        <MockupFrame
          windowTitle="Northwind Robotics · data room"
          caption="What your investors see"
          className="lg:col-span-2"
        >
          <div className="space-y-5 bg-slate-50 p-4 sm:p-5">
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-lg font-semibold text-slate-900">Northwind Robotics</p>
                <Badge variant="info">Series A</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600">Picking robots for mid-sized warehouses.</p>
              <p className="mt-3 text-xs text-slate-500">Last updated: Today · 7 documents</p>
            </div>
            <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
              {previewSections.map(({ icon, name, count }) => (
                <li key={name} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex items-center gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-700">
                      <LandingIcon name={icon} />
                    </span>
                    <div className="min-w-0">
                      <p className="text-sm font-semibold text-slate-900">{name}</p>
                      <p className="text-xs text-slate-500">{count} documents</p>
                    </div>
                  </div>
                  <p className="mt-3 flex items-center gap-1 text-xs font-medium text-indigo-700">
                    Click to view
                    <LandingIcon name="chevronRight" className="size-3.5" />
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </MockupFrame>
      </div>
    </LandingSection>
  );
}
