import { expect, type Page } from '@playwright/test';
import { toast } from './people';

// The founder's steps in the console that more than one journey takes, as the founder takes them.

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
  await page.goto('/setup-data-room');
  await page.getByRole('tab', { name: 'Sections' }).click();
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
