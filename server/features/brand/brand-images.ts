import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { HttpError } from '#server/plugins/errors';
import { BANNER_MAX_BYTES, LOGO_MAX_BYTES } from '#shared/contracts/brand';

/**
 * The brand's images, checked by their content and never by their name or declared type
 * (docs/decisions/0094-the-founders-brand.md): a logo is a PNG, re-encoded at the size it is shown, or an
 * SVG, sanitised by DOMPurify (no script, no event handler, no foreignObject, no reference outside the
 * file); a banner is a PNG or a JPEG, resized to the width pages show it and encoded as JPEG. sharp
 * works on libuv's threads, not on the event loop; DOMPurify with jsdom is loaded with the first SVG.
 */

/** The logo is drawn at most 48 px high and 240 px wide; kept at twice that for sharp screens. */
const LOGO_BOX = { width: 480, height: 96 };
/** The banner is drawn across the page at most 1152 px wide (the pages' max-w-6xl). */
const BANNER_BOX = { width: 1600, height: 600 };
/** An image of more pixels than this is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** A sanitised SVG heavier than this once compressed is drawn as a PNG: the gate's budget is 20 KB in all. */
const SVG_MAX_GZIP_BYTES = 12 * 1024;

export interface BrandImage {
  type: 'png' | 'svg' | 'jpeg';
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The refusal of an image over its limit, naming the field, the limit and the size sent. */
export function imageTooLarge(field: 'logo' | 'banner', sentBytes: number | undefined): HttpError {
  const limit = field === 'logo' ? LOGO_MAX_BYTES : BANNER_MAX_BYTES;
  const sent = sentBytes === undefined ? 'this one is larger' : `this one is ${megabytes(sentBytes)}`;
  return new HttpError(
    413,
    'file_too_large',
    `${field}: a ${field} may be at most ${megabytes(limit)}; ${sent}.`,
    { field },
  );
}

function notAnImage(field: 'logo' | 'banner'): HttpError {
  const kinds = field === 'logo' ? 'a PNG or an SVG image' : 'a PNG or a JPEG image';
  return new HttpError(
    415,
    'unsupported_type',
    `${field}: a ${field} must be ${kinds}; this file is not (its content was checked, not its name).`,
    { field },
  );
}

/** A raster image's pixels re-encoded by sharp; anything sharp cannot decode as what it claims is refused. */
async function reencode(
  field: 'logo' | 'banner',
  bytes: Buffer,
  format: 'png' | 'jpeg',
  box: { width: number; height: number },
): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== 'png' && metadata.format !== 'jpeg') throw notAnImage(field);
    const resized = image.rotate().resize({ ...box, fit: 'inside', withoutEnlargement: true });
    // Metadata (EXIF, text chunks) is not kept: sharp writes none unless asked.
    return format === 'png'
      ? await resized.png({ compressionLevel: 9, palette: true }).toBuffer()
      : await resized.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notAnImage(field);
  }
}

/** A logo as it will be served: a PNG re-encoded, or an SVG sanitised (drawn as a PNG when heavy). */
export async function acceptLogo(bytes: Buffer): Promise<BrandImage> {
  if (isPng(bytes)) return { type: 'png', bytes: await reencode('logo', bytes, 'png', LOGO_BOX) };
  const svg = await sanitisedSvg(bytes);
  if (!svg) throw notAnImage('logo');
  if (gzipSync(svg).length <= SVG_MAX_GZIP_BYTES) return { type: 'svg', bytes: svg };
  return { type: 'png', bytes: await reencode('logo', await svgAsPng(svg), 'png', LOGO_BOX) };
}

/** A banner as it will be served: a PNG or a JPEG resized and encoded as JPEG. */
export async function acceptBanner(bytes: Buffer): Promise<BrandImage> {
  if (!isPng(bytes) && !isJpeg(bytes)) throw notAnImage('banner');
  return { type: 'jpeg', bytes: await reencode('banner', bytes, 'jpeg', BANNER_BOX) };
}

async function svgAsPng(svg: Buffer): Promise<Buffer> {
  return sharp(svg, { limitInputPixels: MAX_INPUT_PIXELS, density: 144 }).png().toBuffer();
}

type Purifier = { sanitize(svg: string): Buffer | null };
let purifier: Promise<Purifier> | undefined;

/** A reference that stays inside the file: `#id`, or `url(#id)` in a style. */
const isLocalReference = (value: string) => value.trim().startsWith('#');
const URL_IN_STYLE = /url\s*\(\s*['"]?\s*([^'")\s]*)/gi;
const hasExternalUrl = (value: string) =>
  [...value.matchAll(URL_IN_STYLE)].some((match) => !isLocalReference(match[1] ?? '')) ||
  /@import|expression\s*\(|javascript:/i.test(value);

/** DOMPurify over jsdom, made with the first SVG (jsdom is a few MB an idle server need not hold). */
function loadPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([
      import('dompurify'),
      import('jsdom'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      // No reference outside the file: a link, an image, a font or a use of another file's shape.
      if ((name === 'href' || name === 'xlink:href' || name === 'src') && !isLocalReference(data.attrValue))
        data.keepAttr = false;
      if (hasExternalUrl(data.attrValue)) data.keepAttr = false;
      if (name.startsWith('on')) data.keepAttr = false;
    });
    const serializer = new window.XMLSerializer();
    return {
      sanitize(svg) {
        const fragment = purify.sanitize(svg, {
          USE_PROFILES: { svg: true, svgFilters: true },
          FORBID_TAGS: ['foreignObject', 'script', 'style', 'a', 'iframe', 'image', 'feImage'],
          RETURN_DOM_FRAGMENT: true,
        });
        const root = fragment.firstElementChild;
        if (root?.namespaceURI !== 'http://www.w3.org/2000/svg' || root.localName !== 'svg') return null;
        return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${serializer.serializeToString(root)}`);
      },
    };
  })();
  return purifier;
}

/** The SVG a logo's bytes hold, sanitised; null when they are not an SVG document. */
async function sanitisedSvg(bytes: Buffer): Promise<Buffer | null> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // An SVG document's root is <svg>, after at most a declaration, comments and a doctype.
  const body = text.replace(
    /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i,
    '',
  );
  if (!/^<svg[\s>]/i.test(body) || text.includes('\u0000')) return null;
  return (await loadPurifier()).sanitize(text);
}
