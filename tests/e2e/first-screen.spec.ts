import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { rawGet } from '#tests/support/raw-http';
import { expect, test } from './fixtures';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { founderWithRoom, uniqueEmail } from './support/people';

// The investor's first screen (docs/decisions/0075-the-investors-first-screen.md): the built assets go out
// compressed, and a reader's page names its room before any script runs.

const WEB_ROOT = path.resolve('dist/web');

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

test('every built text asset is sent compressed as the browser asks, and decodes to its own bytes @desktop', async ({
  baseURL,
}) => {
  if (!baseURL) throw new Error('the e2e configuration names no baseURL');
  const compressed = fs
    .readdirSync(WEB_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.br') && !file.split('/').some((part) => part.startsWith('.')))
    .map((file) => file.slice(0, -'.br'.length));
  const built = fs.readdirSync(path.join(WEB_ROOT, 'assets')).filter((file) => /\.(js|css|svg)$/.test(file));
  // Every script, stylesheet and drawing the build made has its compressed copies (but the few too
  // small to gain from it).
  const uncompressed = built.filter(
    (file) =>
      !compressed.includes(`assets/${file}`) && fs.statSync(path.join(WEB_ROOT, 'assets', file)).size > 1024,
  );
  expect(uncompressed).toEqual([]);
  for (const file of compressed.filter((name) => name !== 'index.html')) {
    const original = fs.readFileSync(path.join(WEB_ROOT, file));
    for (const encoding of ['br', 'gzip']) {
      const response = await rawGet(`${baseURL}/${file}`, { 'accept-encoding': encoding });
      expect(response.headers['content-encoding'], `${file} as ${encoding}`).toBe(encoding);
      expect(response.headers.vary, file).toMatch(/accept-encoding/i);
      expect(DECODERS[encoding]?.(response.bytes).equals(original), `${file} as ${encoding}`).toBe(true);
    }
    const plain = await rawGet(`${baseURL}/${file}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding'], file).toBeUndefined();
    expect(plain.bytes.equals(original), file).toBe(true);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('an invitation page names the room and its way in, escaped, and announces the modules it will run @phone', async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('the e2e configuration names no baseURL');
    const companyName = `<b>Kite & "Keel"</b> ${Date.now()}`;
    const founder = await founderWithRoom(request, 'Kite');
    const saved = await request.post(apiPath(roomRoutes.saveSections), {
      headers: { ...founder, origin: baseURL },
      data: {
        content: `# Company Information\nname: ${companyName}\nstage: Series A\n\n## Decks\nThe deck.\n`,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const email = uniqueEmail('first-screen');
    expect(
      (await request.post(apiPath(invitationRoutes.create), { data: { email }, headers: founder })).status(),
    ).toBe(201);
    const link = firstLinkStartingWith(
      await waitForMail(email, 'invited you'),
      `${baseURL}/data-room?invite=`,
    );

    const response = await page.goto(link);
    expect(response?.headers()['content-encoding']).toBe('br');
    // Written for this link (it names the invited address): no shared cache keeps it.
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    // (The room keeps the name's text: the tags never reach the page, as markup or as text.)
    await expect(page.getByRole('heading', { level: 1, name: /^Kite & "Keel" \d+$/ })).toBeVisible();
    await expect(page.getByText('Series A')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the data room' })).toBeVisible();
    // The name is text, never markup.
    await expect(page.locator('#root b')).toHaveCount(0);
    const preloads = await page
      .locator('link[rel=modulepreload]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(preloads.length).toBeGreaterThan(0);
    for (const href of preloads) expect((await request.get(href)).status(), href).toBe(200);

    // A link that opens nothing names nothing.
    await page.goto(`/data-room?invite=${'x'.repeat(43)}`);
    await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  });

  test('a share link’s gate names whose room it is, escaped, and nothing else; a link told not to, nothing @phone', async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('the e2e configuration names no baseURL');
    const companyName = `<i>Lark & Co</i> ${Date.now()}`;
    const founder = await founderWithRoom(request, companyName);
    const groups = await request.get(apiPath(groupRoutes.list), { headers: founder });
    const everyone = ((await groups.json()) as { groups: { id: string; isDefault: boolean }[] }).groups.find(
      (group) => group.isDefault,
    );
    const made = await request.post(apiPath(shareLinkRoutes.create), {
      headers: { ...founder, origin: baseURL },
      data: { name: 'Cold outreach', groupId: everyone?.id },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { link, url } = (await made.json()) as { link: { id: string }; url: string };

    const response = await page.goto(url);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    // The name as the founder typed it, tags and all, as text: never markup.
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByText('Shared by Fran', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Open the data room' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveText('Powered by Roundroom');
    await expect(page.locator('#root i')).toHaveCount(0);
    // Only the name and the founder's first name: no last name, no address, nothing of the room.
    await expect(page.locator('#root')).not.toContainText('Founder');
    await expect(page.locator('#root')).not.toContainText('@');

    // The founder turns the name off the link: its page then names no room, before or after the script.
    const changed = await request.post(apiPath(shareLinkRoutes.update, { params: { id: link.id } }), {
      headers: { ...founder, origin: baseURL },
      data: { namesTheRoom: false },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.goto(url);
    await expect(page.locator('[data-first-screen]')).toHaveCount(0);
    await expect(page.locator('#root')).not.toContainText('Lark');
  });

  test('a room’s page shows its frame, and nothing of the room, before the script checks the reader @phone', async ({
    page,
  }) => {
    const response = await page.goto('/data-room/6f1c2f4e-5b8a-4d36-9d7e-1d2f3a4b5c6d');
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-room-frame]')).toBeVisible();
    await expect(page.locator('#root')).not.toContainText(/\w/);
  });
});
