import type { Locator, Page } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { worstAcceptedSectionsText } from '#tests/support/hostile-markdown';
import { expect, test } from './fixtures';
import { openConsolePlace } from './support/founder-console';
import { uniqueEmail } from './support/people';

/**
 * ADR 26: the slowest sections text the limits accept takes seconds to parse. The browser parses
 * it in a Web Worker (ADR 26), so the editor goes on taking keystrokes and the tabs go on switching
 * while it does. Each test checks order, not time: the keys typed after the paste are in the editor
 * while the first parse is still under way, which cannot happen when the parse holds the main thread.
 */

// Short of the size limit by a few lines of prose, so the typing below keeps it within the limits.
const slowText = (() => {
  const text = worstAcceptedSectionsText();
  return text.slice(0, text.lastIndexOf('\n', text.length - 300) + 1);
})();
const TYPED = '\n## Typed while parsing\n';

async function signedInFounder(page: Page, companyName: string) {
  // page.request shares the browser's cookies: the founder is signed in for the page too.
  const setup = await page.request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: uniqueEmail('founder'), companyName },
  });
  expect(setup.status()).toBe(201);
}

/** Pastes the slow text into the editor, then types at its end. */
async function pasteSlowTextAndType(page: Page, editor: Locator) {
  await editor.fill(slowText);
  await editor.press('ControlOrMeta+End');
  await page.keyboard.type(TYPED);
}

test('/setup-data-room: the preview says it is updating while the slow text parses, the editor takes keys meanwhile, and the latest text is shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInFounder(page, `Slow Text Co ${Date.now()}`);
  await page.goto('/setup-data-room?tab=sections');
  // The structured editor comes first; the markdown one is a click away (ADR 59).
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const editor = page.getByLabel('Sections markdown');
  await expect(editor).toHaveValue(/^# Company Information/);
  const preview = page.getByRole('region', { name: 'Preview' });
  const status = preview.getByRole('status');
  await expect(preview.getByRole('heading', { name: 'Financial information' })).toBeVisible();
  await expect(status).toHaveText('');

  await editor.fill(slowText);
  await expect(status).toHaveText('Updating preview…');
  // The previous preview stays while the new text is read.
  await expect(preview.getByRole('heading', { name: 'Financial information' })).toBeVisible();
  await editor.press('ControlOrMeta+End');
  // One key, then read in one go on the page: it reached the editor while the preview still waited for
  // a parse. (Checked after the first key, not the last: on a loaded machine typing them all can take
  // longer than the parse itself.)
  await page.keyboard.type(TYPED.slice(0, 1));
  expect(
    await editor.evaluate((area: HTMLTextAreaElement) => ({
      length: area.value.length,
      status: document.querySelector('[aria-label="Preview"] [role="status"]')?.textContent,
    })),
  ).toEqual({ length: slowText.length + 1, status: 'Updating preview…' });
  await page.keyboard.type(TYPED.slice(1));

  // The tabs switch while it parses, and the draft is kept.
  await openConsolePlace(page, 'Room', 'Company');
  await expect(page.getByLabel('Company name')).toBeVisible();
  await openConsolePlace(page, 'Room', 'Sections');
  await expect(editor).toHaveValue(/## Typed while parsing\n$/);

  // Finally the preview shows the latest text: the slow text's section with its 2,000 links, then the typed one.
  await expect(preview.getByRole('heading', { name: 'Typed while parsing' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(status).toHaveText('');
  await expect(preview.getByRole('heading')).toHaveText(['Data', 'Typed while parsing']);
  await expect(preview.getByRole('listitem')).toHaveCount(2_000);
  await expect(preview.getByRole('listitem').last()).toHaveText('Document 1999');
});

test('/configure: the Sections editor takes keys while the slow text parses, and the Files tab then offers its sections', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInFounder(page, `Slow Console Co ${Date.now()}`);
  await page.goto('/configure?tab=sections');
  // The structured editor comes first; the markdown one is a click away (ADR 59).
  await page.getByRole('button', { name: 'Edit as markdown' }).click();
  const editor = page.getByLabel('Sections markdown');
  await expect(editor).toHaveValue(/^# Company Information/);
  const sectionChoice = page.getByLabel('Add to section');
  // The Files tab's panel is hidden but mounted: its choices follow the draft.
  await expect(sectionChoice.locator('option', { hasText: 'Financial information' })).toBeAttached();

  await pasteSlowTextAndType(page, editor);
  // Read in one go: the typed heading is in the editor, and the Files tab's choices (parsed from the
  // draft) do not offer it yet. Were the parse on the main thread, they would change with the keys.
  expect(
    await editor.evaluate((area: HTMLTextAreaElement) => {
      const choice = [...document.querySelectorAll('label')].find(
        (label) => label.textContent === 'Add to section',
      );
      const select = document.getElementById(choice?.htmlFor ?? '') as HTMLSelectElement;
      return {
        typed: area.value.endsWith('## Typed while parsing\n'),
        offered: [...select.options].map((option) => option.text).includes('Typed while parsing'),
      };
    }),
  ).toEqual({ typed: true, offered: false });

  await openConsolePlace(page, 'Documents');
  await expect(page.getByRole('region', { name: 'Files' })).toBeVisible();
  await expect(sectionChoice.locator('option')).toHaveText(
    ['None for now (link it later)', 'Data', 'Typed while parsing'],
    { timeout: 90_000 },
  );
});
