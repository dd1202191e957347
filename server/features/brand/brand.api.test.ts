import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { brandRoutes } from '#shared/contracts/brand';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  countRows,
  createApiToken,
  createFounder,
  founderWithInvestor,
  invite,
  mailTo,
  type SignedIn,
  uniqueEmail,
} from '#tests/support/factories';
import { fetchBytes, startTestApp, type TestApp } from '#tests/support/test-app';

// The founder's brand (docs/decisions/0094-the-founders-brand.md): a logo checked by its content and
// sanitised, an accent colour checked by WCAG's contrast, a banner resized, and the brand on every page
// and mail an investor receives. Every caller kind of every route is in tests/api/authorization-matrix.test.ts;
// this file holds hostile images, colours, the refusals the brief names and the mails over real SMTP.

let t: TestApp;
let founder: SignedIn;
let investor: SignedIn;
let investorEmail: string;
let roomId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ founder, investor, investorEmail } = await founderWithInvestor(t));
  roomId = ((await t.call(roomRoutes.mine, { as: founder })).json as { id: string }).id;
});
afterAll(() => t?.close());

const formOf = (bytes: Buffer, name: string, type = 'application/octet-stream') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};
const png = (width: number, height: number, background = '#2557e2') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const uploadLogo = (bytes: Buffer, name = 'logo.png', as: SignedIn = founder) =>
  t.call(brandRoutes.uploadLogo, { form: formOf(bytes, name), as });

describe('a logo is checked by its content', () => {
  test('an SVG keeps its drawing and loses its script, handlers, foreignObject and outside references', async () => {
    const hostile = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="40" height="20" fill="#2557e2" onclick="alert(2)" style="fill:url(https://tracker.example/x)"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/shapes.svg#a"/>
  <foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
  <a href="javascript:alert(3)"><circle cx="20" cy="10" r="5" fill="#fff"/></a>
</svg>`;
    const response = await uploadLogo(Buffer.from(hostile), 'logo.svg');
    expect(response.status, response.text).toBe(200);
    const { logoUrl, isOn } = response.json;
    expect(isOn).toBe(true);
    expect(logoUrl).toMatch(/\/logo-[0-9a-f]{16}\.svg$/);
    const served = await fetchBytes(t, logoUrl ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const svg = served.bytes.toString();
    expect(svg).toContain('<rect');
    expect(svg).toContain('<circle');
    for (const gone of [
      'script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'tracker.example',
      'evil.example',
      'javascript:',
      '<image',
    ])
      expect(svg).not.toContain(gone);
  });

  test('a "PNG" that is HTML is refused with 415, and nothing is written', async () => {
    const before = await countRows(t);
    const settings = (await t.call(brandRoutes.settings, { as: founder })).json;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const response = await t.call(brandRoutes.uploadLogo, {
      form: formOf(html, 'logo.png', 'image/png'),
      as: founder,
    });
    expect(response.status, response.text).toBe(415);
    expect(response.refusal).toMatchObject({ error: 'unsupported_type', field: 'logo' });
    expect(response.refusal?.message).toMatch(/PNG or an SVG.*content was checked/);
    expect(await countRows(t)).toEqual(before);
    expect((await t.call(brandRoutes.settings, { as: founder })).json).toEqual(settings);
  });

  test('a 20 MB file is refused with 413 before it is read, naming the 1 MB limit', async () => {
    const response = await uploadLogo(Buffer.alloc(20 * 1024 * 1024, 0x20), 'huge.png');
    expect(response.status, response.text).toBe(413);
    expect(response.refusal).toMatchObject({ error: 'file_too_large', field: 'logo' });
    expect(response.refusal?.message).toMatch(/at most 1 MB; this one is 20 MB/);
  });

  test('a PNG is re-encoded at the size it is drawn; a banner becomes a JPEG at most 1600 px wide', async () => {
    const logo = await uploadLogo(await png(2000, 1000));
    expect(logo.status, logo.text).toBe(200);
    const servedLogo = await fetchBytes(t, logo.json.logoUrl ?? '');
    expect(servedLogo.headers.get('content-type')).toBe('image/png');
    expect(await sharp(servedLogo.bytes).metadata()).toMatchObject({ format: 'png', width: 192, height: 96 });

    const banner = await t.call(brandRoutes.uploadBanner, {
      form: formOf(await png(3200, 800), 'b.png'),
      as: founder,
    });
    expect(banner.status, banner.text).toBe(200);
    const servedBanner = await fetchBytes(t, banner.json.bannerUrl ?? '');
    expect(await sharp(servedBanner.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 400,
    });
    const svgBanner = await t.call(brandRoutes.uploadBanner, {
      form: formOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'b.svg'),
      as: founder,
    });
    expect(svgBanner.status).toBe(415);
    expect(svgBanner.refusal).toMatchObject({ field: 'banner' });
  });

  test("an image that is no longer the room's, or was never, answers 404", async () => {
    const first = (await uploadLogo(await png(20, 20, '#111111'))).json.logoUrl ?? '';
    await uploadLogo(await png(20, 20, '#222222'));
    expect((await fetchBytes(t, first)).status).toBe(404);
    const elsewhere = first.replace(roomId, crypto.randomUUID());
    expect((await fetchBytes(t, elsewhere)).status).toBe(404);
  });
});

describe('the accent colour', () => {
  test.each([
    ['#ffff00', 'too light against white'],
    ['#0000ff', 'too close to the text'],
  ])('%s (%s) is refused with 400, naming the nearest accessible shade of its hue', async (colour) => {
    const response = await t.call(brandRoutes.save, {
      body: { accentColor: colour, showsRoundroom: true },
      as: founder,
    });
    expect(response.status, response.text).toBe(400);
    const refusal = response.refusal as unknown as { nearestAccessible: string; message: string };
    expect(refusal).toMatchObject({ error: 'inaccessible_colour', field: 'accentColor' });
    expect(refusal.message).toContain(`the nearest accessible shade is ${refusal.nearestAccessible}`);
    const nearest = await t.call(brandRoutes.save, {
      body: { accentColor: refusal.nearestAccessible, showsRoundroom: true },
      as: founder,
    });
    expect(nearest.status, nearest.text).toBe(200);
    expect(nearest.json.accentColor).toBe(refusal.nearestAccessible);
  });

  test('a colour that is not #rrggbb is refused by name', async () => {
    const response = await t.call(brandRoutes.save, {
      rawBody: { accentColor: 'red', showsRoundroom: true },
      as: founder,
    });
    expect(response.status).toBe(400);
    expect(response.refusal).toMatchObject({ field: 'accentColor' });
  });
});

describe('who is refused', () => {
  test('an investor gets 403 from the settings and may not upload', async () => {
    expect((await t.call(brandRoutes.settings, { as: investor })).status).toBe(403);
    expect((await uploadLogo(await png(10, 10), 'logo.png', investor)).status).toBe(403);
  });

  test("another room's founder gets 404 for this room's brand, and their own settings otherwise", async () => {
    const other = await createFounder(t);
    expect((await t.call(brandRoutes.ofRoom, { params: { id: roomId }, as: other })).status).toBe(404);
    const own = await t.call(brandRoutes.settings, { as: other });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ isOn: false, logoUrl: null, accentColor: null, showsRoundroom: true });
  });

  test('signed out gets 401; an API token gets 403 (the brand is not among its scopes)', async () => {
    expect((await t.call(brandRoutes.settings)).status).toBe(401);
    expect((await t.call(brandRoutes.ofRoom, { params: { id: roomId } })).status).toBe(401);
    const token = await createApiToken(t, founder, { scopes: ['documents:write', 'sections:write'] });
    const response = await t.call(brandRoutes.save, {
      body: { accentColor: null, showsRoundroom: true },
      as: token,
    });
    expect(response.status).toBe(403);
    expect(response.refusal?.error).toMatch(/^api_token_/);
  });
});

describe("the brand in an investor's mail, over SMTP", () => {
  test('the invitation comes from "<Founder> at <Company>" at the server\'s address, with the logo and colour', async () => {
    // The invitation of beforeAll went while the brand was off: Roundroom's own.
    const first = await mailTo(t, investorEmail, 'invited you');
    expect(first.from?.value[0]?.name).not.toMatch(/ at /);
    const serverAddress = first.from?.value[0]?.address;

    await uploadLogo(await png(120, 40));
    await t.call(brandRoutes.save, { body: { accentColor: '#2557e2', showsRoundroom: true }, as: founder });
    const brand = (await t.call(brandRoutes.ofRoom, { params: { id: roomId }, as: investor })).json;
    const email = uniqueEmail('branded');
    await invite(t, founder, email, 'Bo Branded');
    const mail = await mailTo(t, email, 'invited you');
    expect(mail.from?.value[0]).toEqual({
      name: `Fran Founder at ${brand.companyName}`,
      address: serverAddress,
    });
    const html = String(mail.html);
    expect(html).toContain(`${t.config.appUrl}${brand.logoUrl?.replace(/\.(svg|png)$/, '.png')}`);
    expect(html).toContain('background:#2557e2');
    expect(html).toContain('Shared securely with Roundroom');
    expect(html).not.toContain('font-weight:600;color:#4f46e5">Roundroom');

    // The founder takes Roundroom's line off.
    await t.call(brandRoutes.save, { body: { accentColor: '#2557e2', showsRoundroom: false }, as: founder });
    const second = uniqueEmail('unbranded-footer');
    await invite(t, founder, second);
    expect(String((await mailTo(t, second, 'invited you')).html)).not.toContain(
      'Shared securely with Roundroom',
    );
  });
});
