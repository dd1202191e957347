import { watermarkSvg } from '#shared/watermark';

export type WatermarkedImageFormat = 'webp' | 'png' | 'jpeg';

/**
 * The image with the watermark burned into its pixels: the tiled SVG (shared/watermark.ts) rendered by
 * sharp's librsvg over it. libvips runs this on libuv's thread pool, not on the event loop; the images are the
 * preview's own renderings (at most PAGE_IMAGE_WIDTHS' widest), so each costs tens of milliseconds.
 */
export async function watermarkImage(
  bytes: Buffer,
  text: string,
  format: WatermarkedImageFormat,
): Promise<Buffer> {
  // Loaded on the first watermark, not at start: libvips is tens of MB a server without the watermark
  // never needs (the preparation child loads its own).
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes);
  const { width, height } = await image.metadata();
  const stamped = image.composite([{ input: Buffer.from(watermarkSvg(text, width, height)), blend: 'over' }]);
  if (format === 'png') return stamped.png().toBuffer();
  if (format === 'jpeg') return stamped.jpeg({ quality: 88 }).toBuffer();
  return stamped.webp({ quality: 82, effort: 2 }).toBuffer();
}
