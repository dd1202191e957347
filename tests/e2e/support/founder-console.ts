import { expect, type Page } from '@playwright/test';
import { toast } from './people';

// The founder's steps in the console that more than one journey takes, as the founder takes them.

/**
 * Opens a place of the console, and one of its sub-places, through its one row of navigation
 * (docs/decisions/0058-one-console.md), as the founder does at any width: the links from lg up, the
 * place and sub-place menus below. The place is chosen only when it is not the one on screen, and from
 * a page that shows the sub-place too (/setup-data-room's Files) the link stays on that page. A place
 * of one sub-place (Dashboard, Documents) is opened by its name alone.
 */
export async function openConsolePlace(page: Page, place: string, subPlace?: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Your data room' });
  const placeMenu = nav.getByRole('button', { name: /^Place: / });
  const placeLink = nav.getByRole('link', { name: place, exact: true });
  // The page may still be loading: wait for the row, whichever width drew it.
  await expect(placeMenu.or(placeLink)).toBeVisible();
  if (await placeMenu.isVisible()) {
    if ((await placeMenu.getAttribute('aria-label')) !== `Place: ${place}`) {
      await placeMenu.click();
      await nav.getByRole('link', { name: place, exact: true }).click();
      await expect(placeMenu).toHaveAccessibleName(`Place: ${place}`);
    }
    if (subPlace === undefined) return;
    const subPlaceMenu = nav.getByRole('button', { name: new RegExp(`^In ${place}: `) });
    if ((await subPlaceMenu.getAttribute('aria-label')) !== `In ${place}: ${subPlace}`) {
      await subPlaceMenu.click();
      await nav.getByRole('link', { name: subPlace, exact: true }).click();
    }
    await expect(subPlaceMenu).toHaveAccessibleName(`In ${place}: ${subPlace}`);
    return;
  }
  if ((await placeLink.getAttribute('aria-current')) !== 'page') await placeLink.click();
  if (subPlace === undefined) return;
  const subPlaceLink = nav
    .getByRole('list', { name: place })
    .getByRole('link', { name: subPlace, exact: true });
  await subPlaceLink.click();
  await expect(subPlaceLink).toHaveAttribute('aria-current', 'page');
}

/**
 * The place and sub-place the console's navigation says are on screen, at any width: ['Room',
 * 'Sections'], or the place alone when it has one sub-place (['Dashboard']).
 */
export async function consolePlaceShown(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Your data room' });
  const placeMenu = nav.getByRole('button', { name: /^Place: / });
  if (await placeMenu.isVisible()) {
    const labels = await nav
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Place: /, '').replace(/^In [^:]+: /, ''));
  }
  return nav.locator('a[aria-current="page"]').allTextContents();
}

/** Investors: a new group, which starts empty (docs/decisions/0068-investor-groups.md). */
export async function addGroup(page: Page, name: string) {
  await page.goto('/admin/investors');
  await page.getByLabel('New group').fill(name);
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(toast(page, `Group “${name}” added`)).toBeVisible();
  await expect(page.getByRole('region', { name })).toContainText('0 investors');
}

/**
 * Room, Sections: shows `section` to `group` only, hidden from "All investors". Each tick is saved at
 * once, and the box shows the saved choice, so each step waits on what it shows.
 */
export async function showSectionOnlyTo(page: Page, section: string, group: string) {
  await page.goto('/setup-data-room?tab=sections');
  const item = page.getByRole('listitem', { name: section });
  await item.getByText('Visible to:').click();
  await item.getByRole('checkbox', { name: 'All groups, and groups added later' }).click();
  await expect(item.getByText('Visible to:')).toContainText(`All investors, ${group}`);
  await item.getByRole('checkbox', { name: 'All investors' }).click();
  await expect(item.getByText('Visible to:')).toContainText(group);
  await expect(item.getByText('Visible to:')).not.toContainText('All investors');
}

/** Investors: moves the one investor of `from` into the group `to`, by the group menu on their row. */
export async function moveInvestor(page: Page, email: string, from: string, to: string) {
  await page.goto('/admin/investors');
  await page
    .getByRole('region', { name: from })
    .getByRole('combobox', { name: 'Group' })
    .selectOption({ label: to });
  await expect(page.getByRole('region', { name: to })).toContainText(email);
}

/**
 * Investors, Share links: a link named `name` whose readers join `group` (docs/decisions/0071-share-links.md).
 * Returns the link's address as the new link shows it; its card copies it again any time (ADR 76).
 */
export async function makeShareLink(page: Page, name: string, group: string): Promise<string> {
  await page.goto('/admin/investors');
  const panel = page.locator('#share-links');
  await panel.getByLabel('Link name').fill(name);
  await panel.getByLabel('Readers join').selectOption({ label: group });
  await panel.getByRole('button', { name: 'Make share link' }).click();
  const url = await panel.getByRole('textbox', { name: 'Share link' }).inputValue();
  await expect(panel.getByRole('region', { name })).toContainText(group);
  return url;
}
