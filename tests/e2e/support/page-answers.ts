import type { Page, Response } from '@playwright/test';

/**
 * Opens `path` as a fresh page load and waits for the API answers its content is drawn from. A cold load
 * walks the entry, the layouts' and the page's code, the session check and the page's requests in turn:
 * on a loaded machine that walk alone outlasted an assertion's wait, which then found only the loading
 * state. The answers are the state the page's assertions mean; what follows them is the page's drawing.
 * `answerPaths` are API paths as shared/contracts builds them (apiPath), without their query.
 */
export async function openAfterItsAnswers<const Paths extends readonly string[]>(
  page: Page,
  path: string,
  answerPaths: Paths,
): Promise<{ [Index in keyof Paths]: Response }> {
  const answers = answerPaths.map((answerPath) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === answerPath),
  );
  await page.goto(path);
  return (await Promise.all(answers)) as { [Index in keyof Paths]: Response };
}
