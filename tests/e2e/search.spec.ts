import { devices, type Page } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { searchRoutes } from '#shared/contracts/search';
import { href } from '#shared/routes';
import { writtenPdf } from '#tests/support/sample-documents';
import { expect, test, watchConsole } from './fixtures';
import { type DeckRoom, roomWithDeck } from './support/deck-room';
import { signInByMagicLink, toast } from './support/people';

const SECTION = 'Metrics';
/** Its one searchable word, "churn", is on two pages; neither says what the guarantee is. */
const QUESTION = 'Is there a churn guarantee for enterprise customers?';

/** A PDF whose pages say what `lines` gives, each line of text its own. */
const pdfOf = (pages: number, lines: (page: number) => string[]) => writtenPdf({ pages, lines });

/**
 * A room of three documents, "churn" on pages of two of them (page 2 of the deck, page 3 of the board
 * update) and nowhere in the third, all read into the search index before the investor comes.
 */
async function roomWithChurn(
  request: Parameters<typeof roomWithDeck>[0],
  baseURL: string | undefined,
): Promise<DeckRoom> {
  const room = await roomWithDeck(request, baseURL, {
    companyName: `Churnside ${Date.now()}`,
    section: SECTION,
    deckName: 'Pitch deck.pdf',
    pages: 3,
    investorName: 'Sam Searcher',
    deck: pdfOf(3, (page) =>
      page === 2
        ? ['Retention', 'Monthly logo churn fell to 1.2% in Q3.', 'Net revenue retention is 128%.']
        : [`Slide ${page}`, 'Revenue grew 3.2x year over year.'],
    ),
  });
  const others = [
    {
      name: 'Board update.pdf',
      pdf: pdfOf(4, (page) =>
        page === 3
          ? ['Customers', 'Gross churn stayed under 2% for the fourth quarter.']
          : [`Board update, page ${page}`, 'Hiring is on plan.'],
      ),
    },
    { name: 'Team.pdf', pdf: pdfOf(2, (page) => [`Team, page ${page}`, 'Our founders met at university.']) },
  ];
  for (const file of others) {
    const uploaded = await request.post(apiPath(documentRoutes.upload), {
      headers: room.headers,
      multipart: {
        section: SECTION,
        file: { name: file.name, mimeType: 'application/pdf', buffer: file.pdf },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  // The pages are indexed as each preview is prepared: the founders' own search finds both.
  await expect
    .poll(
      async () => {
        const found = await request.get(apiPath(searchRoutes.managerSearch, { query: { q: 'churn' } }), {
          headers: room.headers,
        });
        return found.ok() ? ((await found.json()) as { documents: unknown[] }).documents.length : -1;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe(2);
  return room;
}

/** Whether the box lies over the image, at least partly. */
async function overlaps(page: Page, highlight: string, image: string): Promise<boolean> {
  const a = await page.locator(highlight).first().boundingBox();
  const b = await page.locator(image).boundingBox();
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('an investor searches "churn", opens the second result and sees the word highlighted on its page @phone', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const room = await roomWithChurn(request, baseURL);
  await signInByMagicLink(page, room.investorEmail, baseURL);
  await page.getByRole('link', { name: 'View data room' }).click();

  const box = page.getByRole('searchbox', { name: 'Search this data room' });
  await expect(page.getByText('The founders can see what you search for.')).toBeVisible();
  await box.fill('churn');
  const found = page.getByRole('list', { name: 'Documents found' });
  await expect(found.locator(':scope > li')).toHaveCount(2);
  await expect(found.locator('mark').first()).toHaveText(/churn/i);

  const second = found.locator(':scope > li').nth(1);
  const title = (await second.getByRole('heading').textContent()) ?? '';
  const expected = title.includes('Board update') ? { page: 3 } : { page: 2 };
  const result = second.getByRole('link').first();
  await expect(result).toContainText(`Page ${expected.page}`);
  await result.click();

  await expect(page).toHaveURL(new RegExp(`[?&]page=${expected.page}&q=churn`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Pages' });
  await expect(toolbar).toContainText(`Page ${expected.page} of`, { timeout: 60_000 });
  await expect(page.getByText('Highlighting')).toBeVisible();
  const figure = `figure[data-page="${expected.page}"]`;
  const highlight = page.locator(`${figure} [data-testid="search-highlight"]`);
  await expect(highlight.first()).toBeVisible({ timeout: 30_000 });
  expect(await overlaps(page, `${figure} [data-testid="search-highlight"]`, `${figure} img`)).toBe(true);
});

test('a question nothing answers goes to the founders, who find it in their inbox with the passages the reader saw @phone', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const room = await roomWithChurn(request, baseURL);
  await signInByMagicLink(page, room.investorEmail, baseURL);
  await page.getByRole('link', { name: 'View data room' }).click();

  await page.getByRole('searchbox', { name: 'Search this data room' }).fill(QUESTION);
  await expect(page.getByText(`No pages match “${QUESTION}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Ask the room' }).click();
  const answer = page.getByRole('region', { name: 'Passages that may answer it' });
  // The room shows the two pages that speak of churn; neither answers, so the reader asks the founders.
  await expect(answer).toContainText('Monthly logo churn fell to 1.2% in Q3.');
  await expect(answer).toContainText('Gross churn stayed under 2% for the fourth quarter.');
  await answer.getByRole('button', { name: /Didn.t find it\? Ask the founders/ }).click();
  await expect(toast(page, 'Question sent')).toBeVisible();
  await expect(answer).toContainText('Sent to the founders.');

  // The founder, at a desk, opens the questions inbox and finds it.
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  await desk.addCookies([{ name: 'rr_session', value: room.token, url: baseURL ?? '' }]);
  const founder = await desk.newPage();
  const founderErrors = watchConsole(founder);
  await founder.goto(href('adminQuestions'));
  const question = founder.getByRole('article', { name: 'Question from Sam Searcher' });
  await expect(question).toContainText(QUESTION);
  await question.getByText('What the room showed them (2)').click();
  await expect(question.getByRole('link', { name: 'Page 2 of Pitch deck.pdf' })).toBeVisible();
  await expect(question).toContainText('Gross churn stayed under 2% for the fourth quarter.');
  expect(founderErrors).toEqual([]);
  await desk.close();
});
