import { devices } from '@playwright/test';
import { apiPath } from '#shared/contracts/api-route';
import { invitationRoutes } from '#shared/contracts/invitations';
import { expect, test, watchConsole } from './fixtures';
import { roomWithDeck } from './support/deck-room';
import { firstLinkStartingWith, waitForMail } from './support/mailbox';
import { signInByMagicLink, toast, uniqueEmail } from './support/people';

const DECK = 'Series A deck.pdf';
const ASKED = 'What is in the other-income line on this page? Our model is at https://example.com/model';
const PUBLISHED = 'What is in the other-income line?';
const ANSWER = 'Interest on the seed round’s deposits, nothing recurring.';

/**
 * Questions and answers, whole (docs/product-rules.md#questions): an investor on a phone asks on page 3
 * of the deck; the founder gets the mail, publishes the answer with the question reworded; a second
 * investor reads it under the room their invitation shows, then finds it in the room's FAQ, never with
 * the first one's name; the first gets the answer by mail,
 * follows its link and lands on page 3, the answer under it.
 */
test('an investor asks on page 3, the founder answers once for everyone @phone', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'investors ask on a phone, the founder answers at a desk');
  test.setTimeout(120_000);
  const companyName = `Quayside Questions ${Date.now()}`;
  const room = await roomWithDeck(request, baseURL, {
    companyName,
    section: 'Pitch',
    deckName: DECK,
    pages: 3,
    investorName: 'Asha Asker',
  });
  const secondEmail = uniqueEmail('second');
  const invited = await request.post(apiPath(invitationRoutes.create), {
    headers: room.headers,
    data: { email: secondEmail, name: 'Sol Second' },
  });
  expect(invited.status()).toBe(201);

  // The first investor, on the phone, opens the deck at page 3 and asks about it.
  await signInByMagicLink(page, room.investorEmail, baseURL);
  await page.getByRole('link', { name: 'View data room' }).click();
  await page.getByRole('link', { name: new RegExp(DECK) }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Pages' });
  await expect(toolbar).toContainText('Page 1 of 3', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(toolbar).toContainText('Page 3 of 3');
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await expect(page.getByRole('radio', { name: 'Page 3' })).toBeChecked();
  await page.getByLabel('Your question').fill(ASKED);
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(toast(page, 'Question sent')).toBeVisible();
  const onPage3 = page.getByRole('region', { name: 'On page 3' });
  await expect(onPage3).toContainText('waiting for an answer');
  await expect(onPage3.getByRole('link', { name: 'https://example.com/model' })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The founder, at a desk, follows the mail to the inbox and publishes the answer, reworded.
  const asked = await waitForMail(room.founderEmail, 'Asha Asker asked a question');
  expect(asked.text).toContain(`${DECK}`);
  const desk = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  await desk.addCookies([{ name: 'rr_session', value: room.token, url: baseURL ?? '' }]);
  const founder = await desk.newPage();
  const founderErrors = watchConsole(founder);
  await founder.goto(firstLinkStartingWith(asked, `${baseURL}/admin/questions`));
  const question = founder.getByRole('article', { name: 'Question from Asha Asker' });
  await expect(question).toContainText(ASKED);
  await expect(question).toContainText(`${DECK}, page 3`);
  await question.getByRole('button', { name: 'Publish for everyone' }).click();
  await question.getByLabel('The question, as everyone will read it').fill(PUBLISHED);
  await question.getByLabel('The answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Publish for everyone' }).click();
  await expect(toast(founder, 'Answer published')).toBeVisible();
  await founder.getByRole('tab', { name: /^Published/ }).click();
  await expect(founder.getByRole('article', { name: 'Question from Asha Asker' })).toContainText(ANSWER);
  expect(founderErrors, 'console errors in the founder’s browser').toEqual([]);
  await desk.close();

  // A second investor reads it under the room their invitation shows, then, signed in, finds it in the
  // room's questions by searching; never with the asker's name.
  const second = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const secondPage = await second.newPage();
  const secondErrors = watchConsole(secondPage);
  const invitation = await waitForMail(secondEmail, 'invited you');
  await secondPage.goto(firstLinkStartingWith(invitation, `${baseURL}/data-room?invite=`));
  const invitedFaq = secondPage.getByRole('list', { name: 'Answered questions' });
  await expect(invitedFaq).toContainText(PUBLISHED);
  await expect(invitedFaq).toContainText(ANSWER);
  await signInByMagicLink(secondPage, secondEmail, baseURL);
  await secondPage.getByRole('link', { name: 'View data room' }).click();
  await secondPage.getByRole('link', { name: 'Questions' }).click();
  await secondPage.getByLabel('Search the questions').fill('other-income');
  const faq = secondPage.getByRole('list', { name: 'Answered questions' });
  await expect(faq).toContainText(PUBLISHED);
  await expect(faq).toContainText(ANSWER);
  await expect(faq.getByRole('link', { name: `${DECK}, page 3` })).toBeVisible();
  const seen = (await secondPage.locator('main').textContent()) ?? '';
  for (const trace of ['Asha', room.investorEmail, 'example.com/model']) expect(seen).not.toContain(trace);
  expect(secondErrors, 'console errors in the second investor’s browser').toEqual([]);
  await second.close();

  // The first investor's mail links to page 3, where the answer now is.
  const answered = await waitForMail(room.investorEmail, 'answered your question');
  expect(answered.text).toContain(ANSWER);
  await page.goto(firstLinkStartingWith(answered, `${baseURL}/data-room/`));
  await expect(toolbar).toContainText('Page 3 of 3', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'On page 3' })).toContainText(ANSWER);
});
