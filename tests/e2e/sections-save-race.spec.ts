import crypto from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { toast, uniqueEmail } from './support/people';

// A save held in flight while an upload adds its link: the server refuses the stale save (409, which
// the browser logs) and the console rebases the draft and saves again.
test.use({ allowedConsoleErrors: [/status of 409/] });

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(3000)]);
const LINK = /- \[Charter\.pdf\]\(\/api\/documents\/[0-9a-f-]{36}\/download\)/;

async function founderOnSections(page: Page) {
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName: `Race Labs ${Date.now()}` },
  });
  expect(setup.status()).toBe(201);
  await page.goto('/configure?tab=sections');
  // The structured editor comes first; the markdown one is a click away (ADR 59).
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const editor = page.getByLabel('Sections markdown');
  await expect(editor).toHaveValue(/^# Company Information/);
  return editor;
}

/** Holds the first sections save at the browser until `release` is called; later saves pass. */
async function holdFirstSave(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held: (value: Route) => void = () => {};
  const arrived = new Promise<Route>((resolve) => {
    held = resolve;
  });
  let first = true;
  await page.route('**/api/sections/update', async (route) => {
    if (!first) return route.continue();
    first = false;
    held(route);
    await released;
    await route.continue();
  });
  return { arrived, release };
}

const savedContent = async (page: Page) =>
  ((await (await page.request.get(apiPath(roomRoutes.mySections))).json()) as { content: string }).content;

test('an upload from the Files tab lands while the save is in flight: the edit and the link are both saved', async ({
  page,
}) => {
  const editor = await founderOnSections(page);
  await editor.fill(`${await editor.inputValue()}\n## Due diligence\nEverything a lead asks for.\n`);
  const save = await holdFirstSave(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await save.arrived;

  await openConsolePlace(page, 'Documents');
  await page.getByLabel('Add to section').selectOption('Legal documents');
  await page.getByLabel('Choose files').setInputFiles({
    name: 'Charter.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(),
  });
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(1);
  expect(await savedContent(page)).toMatch(LINK);

  save.release();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  const saved = await savedContent(page);
  expect(saved).toContain('## Due diligence\nEverything a lead asks for.');
  expect(saved).toMatch(LINK);
  await openConsolePlace(page, 'Room', 'Sections');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(editor).toHaveValue(saved);
});

test('an upload from another tab lands while the save is in flight: the draft is rebased and saved again', async ({
  page,
  baseURL,
}) => {
  const editor = await founderOnSections(page);
  const draft = (await editor.inputValue()).replace(
    /## Financial information[^\n]*\n/,
    (heading) => `${heading}Audited accounts, the model and the plan.\n`,
  );
  expect(draft).toContain('Audited accounts');
  await editor.fill(draft);
  const save = await holdFirstSave(page);
  const updates: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(apiPath(roomRoutes.saveSections))) updates.push(response.status());
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await save.arrived;

  // Another tab (here the same session, straight to the API) uploads into a section meanwhile.
  const uploaded = await page.request.post(apiPath(documentRoutes.upload), {
    headers: { origin: baseURL ?? '' },
    multipart: {
      section: 'Legal documents',
      file: { name: 'Charter.pdf', mimeType: 'application/pdf', buffer: pdf() },
    },
  });
  expect(uploaded.status()).toBe(201);

  save.release();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  expect(updates).toEqual([409, 200]);
  const saved = await savedContent(page);
  expect(saved).toContain('Audited accounts, the model and the plan.');
  expect(saved).toMatch(LINK);
  await expect(editor).toHaveValue(saved);
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('when the same lines changed on both sides, both are shown and the founder chooses', async ({
  page,
  baseURL,
}) => {
  const editor = await founderOnSections(page);
  const original = await editor.inputValue();
  const line = original.split('\n').find((text) => text.startsWith('description:'));
  expect(line).toBeDefined();
  await editor.fill(original.replace(line ?? '', 'description: Written in the console'));

  // Meanwhile the same line is saved from elsewhere (no version: it replaces the text).
  const elsewhere = original.replace(line ?? '', 'description: Written in another tab');
  const other = await page.request.post(apiPath(roomRoutes.saveSections), {
    headers: { origin: baseURL ?? '' },
    data: { content: elsewhere },
  });
  expect(other.status()).toBe(200);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Failed to update sections')).toContainText('changed since you started editing');
  const saved = page.getByRole('region', { name: 'Saved version' });
  await expect(saved.getByLabel('Saved version')).toHaveValue(elsewhere);
  await expect(editor).toHaveValue(/description: Written in the console/);
  expect(await savedContent(page)).toBe(elsewhere);

  // Keeping the draft and saving replaces the saved version, deliberately.
  await saved.getByRole('button', { name: 'Keep my draft' }).click();
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Sections updated successfully')).toBeVisible();
  expect(await savedContent(page)).toContain('description: Written in the console');
});

test('using the saved version drops the draft', async ({ page, baseURL }) => {
  const editor = await founderOnSections(page);
  const original = await editor.inputValue();
  const line = original.split('\n').find((text) => text.startsWith('description:')) ?? '';
  await editor.fill(original.replace(line, 'description: Mine'));
  const elsewhere = original.replace(line, 'description: Theirs');
  await page.request.post(apiPath(roomRoutes.saveSections), {
    headers: { origin: baseURL ?? '' },
    data: { content: elsewhere },
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('region', { name: 'Saved version' });
  await saved.getByRole('button', { name: 'Use the saved version' }).click();
  await expect(saved).toHaveCount(0);
  await expect(editor).toHaveValue(elsewhere);
  await expect(page.getByText('All changes saved')).toBeVisible();
});
