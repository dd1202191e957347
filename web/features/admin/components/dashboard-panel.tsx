import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';

interface DashboardPanelProps {
  /** The heading's id; the section is named by it. */
  id: string;
  title: string;
  description?: string;
  /** Beside the heading: a count, or a spinner while the panel refreshes. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One of the dashboard's cards: a named region with a heading, so each can be found and skipped to. */
export function DashboardPanel({ id, title, description, aside, children }: DashboardPanelProps) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="h-full">
        <CardHeader>
          <div className="flex items-start justify-between gap-3">
            <h2 id={id} className="text-lg font-semibold leading-tight text-slate-900">
              {title}
            </h2>
            {aside}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** What a panel says when it has nothing to list. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}
