/**
 * What the App Check fallback's files share (app-check-fallback-*.e2e.ts, docs/app-check-fallback.md):
 * the first attestation refused in the browser, and the fallback's calls counted.
 */
import type { Page } from 'playwright-core';
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';

/**
 * Refuses every token of the first attestation, as reCAPTCHA Enterprise refuses a visitor it
 * scores as risky, and counts the fallback's calls: its challenges by the page that asked for them
 * (its path as it loaded), and the redemptions it asked of limited use.
 */
export async function refuseFirstAttestation(page: Page): Promise<{
  refused: () => number;
  fallbacks: () => number;
  challengesByPage: () => Record<string, number>;
  limitedUse: () => boolean[];
}> {
  let refused = 0;
  let fallbacks = 0;
  const challenges: Record<string, number> = {};
  const limitedUse: boolean[] = [];
  await page.context().route(`**${LOCAL_APP_CHECK_TOKEN_PATH}**`, async (route) => {
    refused += 1;
    await route.fulfill({ status: 403, contentType: 'text/plain', body: 'attestation refused' });
  });
  let loaded = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loaded = new URL(frame.url()).pathname.split('/')[1] ?? '';
  });
  page.context().on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/attestByChallenge') return;
    fallbacks += 1;
    const { data } = (request.postDataJSON() ?? {}) as { data?: { solution?: string; limitedUse?: boolean } };
    if (data?.solution !== undefined) limitedUse.push(data.limitedUse === true);
    else challenges[loaded] = (challenges[loaded] ?? 0) + 1;
  });
  return {
    refused: () => refused,
    fallbacks: () => fallbacks,
    challengesByPage: () => challenges,
    limitedUse: () => limitedUse,
  };
}
