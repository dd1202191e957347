import type { ReactNode } from 'react';
import { BrandBanner, BrandFooterLine, useRoomBrand } from '#web/components/brand/room-brand';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * A public page: header, its content in <main>, footer, and the document title. `account` replaces the
 * header's Login for someone already signed in (the way back to their rooms).
 */
export function PublicPage({
  title,
  children,
  account,
}: {
  title: string;
  children: ReactNode;
  account?: ReactNode;
}) {
  const branded = useRoomBrand();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{title === 'Roundroom' ? title : `${title} · Roundroom`}</title>
      <SiteHeader account={account} />
      <main id="main" className="flex-1">
        <BrandBanner />
        {children}
      </main>
      {branded ? <BrandFooterLine brand={branded.brand} /> : <SiteFooter />}
    </div>
  );
}
