import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { BrandBanner, BrandFooterLine, useRoomBrand } from '#web/components/brand/room-brand';
import { AppHeader } from './app-header';
import { useAppShell } from './app-shell';
import { consolePositionOf } from './console-places';

/**
 * A signed-in page: the app header, the content in <main>, and the document title. In the founder's
 * console the first-visit checklist heads every place until it is done (ADR 58).
 */
export function AppPage({ title, children }: { title: string; children: ReactNode }) {
  const { useCurrentUser, ConsoleChecklist } = useAppShell();
  const { data: user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const inConsole = Boolean(user?.managedRoom) && consolePositionOf(pathname, search) !== null;
  const branded = useRoomBrand();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`${title} · Roundroom`}</title>
      <AppHeader />
      <BrandBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {inConsole && (
          <Suspense fallback={null}>
            <ConsoleChecklist />
          </Suspense>
        )}
        {children}
      </main>
      {branded && <BrandFooterLine brand={branded.brand} />}
    </div>
  );
}
