/**
 * The local stack's configuration names a stand-in origin-trial token (apps/web/public/config.json),
 * as a deployment with the browser's proof of the address does; most deployments name none.
 */
import type { Page } from 'playwright-core';

/** The server's pages as a deployment without the trial's token serves them: no token in the state, no tag. */
export async function withoutTrialToken(page: Page): Promise<void> {
  await page.route('**/sign-up/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/,"originTrialToken":"[^"]*"/, '')
      .replace(/"originTrialToken":"[^"]*",?/, '')
      .replace(/<meta http-equiv="origin-trial"[^>]*>/i, '');
    if (html.includes('originTrialToken')) throw new Error('The page still names an origin-trial token');
    await route.fulfill({ response, body: html });
  });
}
