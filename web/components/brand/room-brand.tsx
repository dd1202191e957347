import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { accentCssVariables } from '#shared/brand-colours';
import type { RoomBrand } from '#shared/contracts/brand';
import { href } from '#shared/routes';

/**
 * A room's brand on the pages its investors see (docs/decisions/0094-the-founders-brand.md): the
 * headers draw its logo instead of Roundroom's, the accent colour takes the place of Roundroom's indigo,
 * and Roundroom's name shrinks to one line at the foot, which the founder may take off. Pages outside a
 * RoomBrandScope, and a room whose brand is off, keep Roundroom's look.
 */

interface BrandInScope {
  brand: RoomBrand;
  /** Whether the page shows the banner (the invitation page and the room do; the viewer does not). */
  showsBanner: boolean;
}

const BrandContext = createContext<BrandInScope | null>(null);

/** The brand of the room this page belongs to, when it is on. */
export function useRoomBrand(): BrandInScope | null {
  const scope = useContext(BrandContext);
  return scope?.brand.isOn ? scope : null;
}

/** The accent as the indigo shades the pages are drawn in (shared/brand-colours.ts). */
export function accentVariables(accent: string | null): CSSProperties | undefined {
  return accent ? (accentCssVariables(accent) as CSSProperties) : undefined;
}

/** Gives the pages under it the room's brand (null: Roundroom's look). */
export function BrandScope({
  brand,
  showsBanner = false,
  children,
}: {
  brand: RoomBrand | null;
  showsBanner?: boolean;
  children: ReactNode;
}) {
  const value = brand?.isOn ? { brand, showsBanner } : null;
  return (
    <BrandContext.Provider value={value}>
      <div className="contents" style={value ? accentVariables(value.brand.accentColor) : undefined}>
        {children}
      </div>
    </BrandContext.Provider>
  );
}

/** The company's mark: its logo, or its name in the accent colour. */
export function BrandMark({ brand, size = 'header' }: { brand: RoomBrand; size?: 'header' | 'gate' }) {
  const height = size === 'gate' ? 'h-12 max-w-60' : 'h-8 max-w-40 sm:max-w-48';
  if (brand.logoUrl)
    return <img src={brand.logoUrl} alt={brand.companyName} className={`${height} w-auto object-contain`} />;
  return (
    <span className="truncate text-lg font-bold tracking-tight text-indigo-600" title={brand.companyName}>
      {brand.companyName}
    </span>
  );
}

/** The banner across the top of the page's content, where the page shows it. */
export function BrandBanner() {
  const scope = useRoomBrand();
  if (!scope?.showsBanner || !scope.brand.bannerUrl) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 sm:pt-6">
      <img
        src={scope.brand.bannerUrl}
        alt=""
        className="h-24 w-full rounded-xl object-cover sm:h-40"
        fetchPriority="low"
      />
    </div>
  );
}

/** Roundroom's one line at the foot of a branded page, unless the founder took it off. */
export function BrandFooterLine({ brand }: { brand: RoomBrand }) {
  if (!brand.showsRoundroom) return null;
  return (
    <footer className="px-4 py-6 text-center text-xs text-slate-500">
      Shared securely with{' '}
      <Link
        to={href('landing')}
        className="inline-flex min-h-6 items-center font-medium text-slate-700 hover:text-slate-900"
      >
        Roundroom
      </Link>
    </footer>
  );
}
