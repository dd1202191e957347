import type { APIRequestContext, Page } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomPreviewRoutes } from '#shared/contracts/room-preview';
import { roomRoutes } from '#shared/contracts/rooms';
import { deckPdf } from '#tests/support/sample-documents';
import { expect, test } from './fixtures';
import { openAfterItsAnswers } from './support/page-answers';
import { uniqueEmail } from './support/people';
import { roomWithSections, type SectionsRoom } from './support/sections-room';

/**
 * "Preview as" (docs/decisions/0068-investor-groups.md, docs/product-rules.md#preview): in a tiered room
 * ("Financials" shown to "Diligence" only, an empty "Legal"), the founder's preview as a group shows
 * exactly that group's sections, as All investors not the hidden one, and neither shows an empty one
 * until the founder asks for the marks, which say who cannot see each.
 */

/** "Diligence", "Financials" shown to it only, an empty "Legal", and an investor in "Diligence". */
async function tieredRoom(request: APIRequestContext, baseURL: string | undefined) {
  const room = await roomWithSections(request, baseURL, {
    companyName: `Tiered ${Date.now()}`,
    files: [
      { section: 'Pitch', name: 'Deck.pdf', pdf: deckPdf(1) },
      { section: 'Financials', name: 'Model.pdf', pdf: deckPdf(1) },
    ],
  });
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers: room.headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const source = (await (
    await request.get(apiPath(roomRoutes.mySections), { headers: room.headers })
  ).json()) as {
    content: string;
    version: string;
  };
  await post(apiPath(roomRoutes.saveSections), {
    content: `${source.content}\n## Legal\n`,
    baseVersion: source.version,
  });
  const diligence = (await post(apiPath(groupRoutes.create), { name: 'Diligence' })) as { id: string };
  await post(apiPath(groupRoutes.setSectionVisibility), { section: 'Financials', visibleTo: [diligence.id] });
  const insider = uniqueEmail('insider');
  await post(apiPath(invitationRoutes.create), {
    email: insider,
    name: 'Ian Insider',
    groupId: diligence.id,
  });
  return { ...room, insider };
}

async function signIn(page: Page, room: SectionsRoom, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'rr_session', value: room.token, url: baseURL ?? '' }]);
}

const cards = (page: Page) => page.getByRole('region', { name: 'Sections' }).getByRole('button');

test('Preview as a group shows exactly its sections; as All investors, not the hidden one @phone', async ({
  page,
  request,
  baseURL,
}) => {
  const room = await tieredRoom(request, baseURL);
  await signIn(page, room, baseURL);
  await openAfterItsAnswers(page, '/preview', [apiPath(roomPreviewRoutes.preview)]);
  const banner = page.getByRole('region', { name: 'Investor preview' });
  await expect(banner).toContainText('This is your data room as All investors see it.');
  await expect(cards(page)).toHaveText([/^Pitch/]);

  await banner.getByLabel('Preview as').selectOption({ label: 'Diligence' });
  await expect(banner).toContainText('This is your data room as Diligence sees it.');
  await expect(cards(page)).toHaveText([/^Pitch/, /^Financials/]);
  await expect(page.getByText(/Hidden from|Empty: nobody sees it/)).toHaveCount(0);

  // A named investor reads as their group does.
  await banner.getByLabel('Preview as').selectOption({ label: `${room.insider} (Diligence)` });
  await expect(banner).toContainText(`as ${room.insider} sees it.`);
  await expect(cards(page)).toHaveText([/^Pitch/, /^Financials/]);

  // The founder's marks: every section, each one not seen by everyone marked with who cannot see it.
  await banner.getByLabel('Preview as').selectOption({ label: 'All investors' });
  await banner.getByLabel('Show hidden and empty sections').check();
  await expect(cards(page)).toHaveText([
    // No mark: every group sees it.
    /^Pitch1 documentThe pitch papers/,
    /^Financials.*Hidden from All investors/,
    /^Legal.*Empty: nobody sees it/,
  ]);
  // The address keeps the choice: opened again, it shows the same.
  await openAfterItsAnswers(page, page.url(), [apiPath(roomPreviewRoutes.preview)]);
  await expect(page.getByLabel('Show hidden and empty sections')).toBeChecked();
  await cards(page).filter({ hasText: 'Financials' }).click();
  await expect(page.getByRole('heading', { name: 'Financials' })).toBeFocused();
  await expect(page.getByText('Hidden from All investors')).toBeVisible();
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(cards(page)).toHaveCount(3);
});
