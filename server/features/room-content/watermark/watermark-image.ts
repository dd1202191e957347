import sharp from 'sharp';
import { watermarkTileSvg } from './watermark-marks';

export type WatermarkedImageFormat = 'webp' | 'png' | 'jpeg';

/**
 * The image with the watermark burned into its pixels: the SVG tile (watermark-marks.ts) repeated over
 * it by sharp. libvips runs this on libuv's thread pool, not on the event loop; the images are the
 * preview's own renderings (at most PAGE_IMAGE_WIDTHS' widest), so each costs tens of milliseconds.
 */
export async function watermarkImage(
  bytes: Buffer,
  text: string,
  format: WatermarkedImageFormat,
): Promise<Buffer> {
  const image = sharp(bytes);
  const { width } = await image.metadata();
  const { svg } = watermarkTileSvg(text, width ?? 800);
  const stamped = image.composite([{ input: svg, tile: true, blend: 'over' }]);
  if (format === 'png') return stamped.png().toBuffer();
  if (format === 'jpeg') return stamped.jpeg({ quality: 88 }).toBuffer();
  return stamped.webp({ quality: 82, effort: 2 }).toBuffer();
}
