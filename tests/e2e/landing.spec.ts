import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

function region(page: Page, name: string | RegExp) {
  return page.getByRole('region', { name });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('the hero has one h1, the spec’s copy and its two calls to action @phone', async ({ page }) => {
  await expect(page).toHaveTitle('Roundroom');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  const hero = region(page, 'Your data room, ready before the next investor asks');
  await expect(hero.getByText('Invitation-only data rooms for startups')).toBeVisible();
  await expect(hero.getByText('with the investors you choose, and nobody else')).toBeVisible();
  await expect(hero.getByText('They sign in with a magic link')).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Demo', exact: true })).toHaveAttribute('href', '/demo');
  await expect(hero.getByRole('link', { name: 'Create your data room' })).toHaveAttribute(
    'href',
    '/checkout',
  );
});

test('nothing is wider than a phone screen @phone', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A string, because this project's test tsconfig has no DOM types.
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBe(0);
});

test('the Demo button opens the demo', async ({ page }) => {
  await region(page, /ready before the next investor asks/)
    .getByRole('link', { name: 'Demo', exact: true })
    .click();
  await expect(page).toHaveURL('/demo');
});

test('a keyboard user reaches the hero’s main call to action after the header', async ({ page }) => {
  const cta = region(page, /ready before the next investor asks/).getByRole('link', {
    name: 'Create your data room',
  });
  await expect(cta).toBeVisible();
  // Logo, Demo, Docs and Login come first, then the hero's primary button.
  for (let press = 0; press < 5; press += 1) await page.keyboard.press('Tab');
  await expect(cta).toBeFocused();
});

test('the three feature tiles', async ({ page }) => {
  const features = region(page, 'Built for the weeks when every investor wants the deck');
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    'Invitation-only access',
    'Setup in 5 minutes',
    'Investor-ready',
  ]);
  await expect(features.getByText('Unused invitations expire after 7 days')).toBeVisible();
});

test('how it works, in four ordered steps', async ({ page }) => {
  const steps = region(page, /in four steps/).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.getByRole('heading')).toHaveText([
    'Create your room and write sections.md',
    'Upload files or link documents',
    'Invite investors by e-mail',
    'They sign in, you see who viewed what',
  ]);
});

test('the sample sections file is shown as text, and beside it the room investors see', async ({ page }) => {
  const block = region(page, 'Write sections.md, and investors see a finished data room');
  const file = block.locator('pre');
  await expect(file).toContainText('# Company Information');
  await expect(file).toContainText('name: Northwind Robotics');
  await expect(file).toContainText('stage: Series A');
  await expect(file).toContainText('## Legal documents {icon=gavel}');
  await expect(file).toContainText('- [Cap table](https://drive.google.com/file/d/1Kp4q)');
  // Markdown shown as text: no link or heading is rendered from it.
  await expect(file.locator('a, h1, h2, ul')).toHaveCount(0);

  const preview = block.getByRole('figure').filter({ hasText: 'What your investors see' });
  await expect(preview.getByText('Series A', { exact: true })).toBeVisible();
  await expect(preview.getByText('Last updated: Today · 7 documents')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  await expect(preview.getByRole('listitem').first()).toContainText('Financial information3 documents');
  await expect(preview.getByText('Click to view')).toHaveCount(3);
});

test('the secure-upload block lists the formats and the 50MB limit', async ({ page }) => {
  const upload = region(page, 'Upload the files you already have');
  const formats = upload.getByRole('list').filter({ hasText: 'PowerPoint' }).getByRole('listitem');
  // Each row: a decorative type tag, the format's name, then its file types.
  await expect(formats).toContainText([
    'PDF.pdf',
    'Word.doc, .docx',
    'Excel.xls, .xlsx',
    'PowerPoint.ppt, .pptx',
    'ImagesJPG, PNG, GIF',
    'TextTXT, CSV',
  ]);
  await expect(formats).toHaveCount(6);
  await expect(upload.getByText('Up to 50MB per file', { exact: true })).toBeVisible();
});

test('the admin dashboard mock-up shows invitation statuses and recent document access', async ({ page }) => {
  const dashboard = region(page, 'Know who read the model before the partner meeting');
  const invitations = dashboard.getByRole('listitem').filter({ hasText: '@' });
  await expect(invitations).toContainText(['Accepted', 'Accepted', 'Pending', 'Expired']);
  await expect(invitations.getByText('Expired', { exact: true })).toBeVisible();
  await expect(dashboard.getByText('Recent document access')).toBeVisible();
  await expect(dashboard.getByText('downloaded', { exact: true }).first()).toBeVisible();
  await expect(dashboard.getByText('clicked', { exact: true })).toBeVisible();
  await expect(dashboard.getByText('Illustrative mock-up with sample data')).toBeVisible();
});

test('the three plans, the most popular one flagged, each leading to checkout', async ({ page }) => {
  const pricing = region(page, 'Simple monthly plans');
  const plans = [
    { name: 'Starter', price: '$4.20', limits: ['Up to 3 data rooms', '50 uploads'], popular: false },
    { name: 'Professional', price: '$49', limits: ['Up to 10 data rooms', '500 uploads'], popular: true },
    {
      name: 'Enterprise',
      price: '$199',
      limits: ['Unlimited data rooms', 'Unlimited uploads'],
      popular: false,
    },
  ];
  for (const plan of plans) {
    const card = pricing
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${plan.price}/month`);
    for (const limit of plan.limits) await expect(card.getByText(limit, { exact: true })).toBeVisible();
    await expect(card.getByText('Most popular')).toHaveCount(plan.popular ? 1 : 0);
    await expect(card.getByRole('link', { name: `Choose ${plan.name}` })).toHaveAttribute(
      'href',
      '/checkout',
    );
  }
});

test('the $49 per month early-adopter offer leads to checkout', async ({ page }) => {
  const pricing = region(page, 'Simple monthly plans');
  await expect(pricing.getByText('Early-adopter offer')).toBeVisible();
  await expect(pricing.getByRole('heading', { name: 'The Pro plan for $49 per month' })).toBeVisible();
  await expect(pricing.getByRole('link', { name: 'Claim the offer' })).toHaveAttribute('href', '/checkout');
});

test('the final call to action leads to checkout', async ({ page }) => {
  const finalCta = region(page, 'Send investors one link, not another attachment');
  await expect(finalCta.getByRole('link', { name: 'Create your data room' })).toHaveAttribute(
    'href',
    '/checkout',
  );
});

test('the header links to the demo, the docs and the login', async ({ page }) => {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Demo', exact: true })).toHaveAttribute('href', '/demo');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  const docs = header.getByRole('link', { name: 'Docs', exact: true });
  await expect(docs).toHaveAttribute('href', '/docs');
  await docs.click();
  await expect(page).toHaveURL('/docs');
});

test('the footer links to the legal pages', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  await footer.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL('/terms');
});
