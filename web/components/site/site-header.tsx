import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { BrandMark, useRoomBrand } from '#web/components/brand/room-brand';
import { Button } from '#web/components/ui/button';
import { Logo } from './logo';

/**
 * The public pages' header: Demo, Docs and Login (docs/product-rules.md#landing-page). On a room's page
 * with its brand on, the company's mark instead of Roundroom's, and no Roundroom links (ADR 94).
 */
export function SiteHeader({ account }: { account?: ReactNode }) {
  const branded = useRoomBrand();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        {branded ? (
          <BrandMark brand={branded.brand} />
        ) : (
          <Link to={href('landing')} className="rounded-md" aria-label="Roundroom home">
            <Logo />
          </Link>
        )}
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-2">
          {!branded && (
            <>
              <Button asChild variant="ghost" size="nav">
                <Link to={href('demo')}>Demo</Link>
              </Button>
              <Button asChild variant="ghost" size="nav">
                <Link to={href('docs')}>Docs</Link>
              </Button>
            </>
          )}
          {account ?? (
            <Button asChild variant="outline" size="sm">
              <Link to={href('login')}>Login</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
