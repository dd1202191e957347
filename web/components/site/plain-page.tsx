import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { BrandFooterLine, useRoomBrand } from '#web/components/brand/room-brand';

/**
 * A public page that belongs to a founder's room rather than to Roundroom: no marketing header (the room's
 * own name heads the content), Roundroom named only in a small footer. The document title is given whole.
 */
export function PlainPage({ title, children }: { title: string; children: ReactNode }) {
  const branded = useRoomBrand();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{title}</title>
      <main id="main" className="flex-1">
        {children}
      </main>
      {branded ? (
        <BrandFooterLine brand={branded.brand} />
      ) : (
        <footer className="px-4 py-6 text-center text-xs text-slate-500">
          Powered by{' '}
          <Link
            to={href('landing')}
            className="inline-flex min-h-6 items-center font-medium text-slate-700 hover:text-slate-900"
          >
            Roundroom
          </Link>
        </footer>
      )}
    </div>
  );
}
