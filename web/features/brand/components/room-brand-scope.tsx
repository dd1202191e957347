import type { ReactNode } from 'react';
import { BrandScope } from '#web/components/brand/room-brand';
import { type BrandSource, useRoomBrandOf } from '#web/features/brand/api/use-brand';

/**
 * The room's brand for the page under it, read by the page's own proof (docs/decisions/0094-the-founders-brand.md).
 * The page draws at once in Roundroom's look and takes the brand when it arrives; the server wrote the
 * same name and colour into the HTML already, so nothing changes under the reader's eyes.
 */
export function RoomBrandScope({
  source,
  showsBanner = false,
  children,
}: {
  source: BrandSource | null;
  showsBanner?: boolean;
  children: ReactNode;
}) {
  const { data } = useRoomBrandOf(source);
  return (
    <BrandScope brand={data ?? null} showsBanner={showsBanner}>
      {children}
    </BrandScope>
  );
}
