import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

/** A signed-in page: the app header, the content in <main>, and the document title. */
export function AppPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`${title} · Roundroom`}</title>
      <AppHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
