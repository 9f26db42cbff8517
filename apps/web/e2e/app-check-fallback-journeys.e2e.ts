// An invitee whose first attestation is refused (reCAPTCHA Enterprise's 403, after which App
// Check's SDK asks nothing for a day): on the local stack, the stand-in's token route refused in
// the browser. The page falls back to the challenge the functions hand out (docs/arrival.md) and
// the journey ends friends with the inviter, as it does for everyone else: in Chrome on Android,
// Safari on an iPhone and Instagram's in-app browser, one challenge per page. The slow phone's
// waits for the check are in app-check-fallback-slow-sign-up.e2e.ts and
// app-check-fallback-slow-welcome.e2e.ts.
import { describe, expect, it } from 'vitest';
import { collections } from '@dayfocus/contracts/records';
import { adminDb } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, inAppBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { en, hi, type Translation } from './support/locales';
import {
  confirmEmailPath,
  emailActionLink,
  expectJoined,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  uniqueEmail,
  useBrowser,
  verificationEmail,
  visible,
  type Language,
  openMailLink,
} from './support/app';
import { refuseFirstAttestation } from './support/app-check-fallback';

/** The fallback's figures of today in an arrival context, summed over its shards. */
async function fallbackFigures(context: string): Promise<{ challenges: number; tokens: number }> {
  const day = new Date().toISOString().slice(0, 10);
  const shards = await adminDb.collection(collections.attestationCounts).where('context', '==', context).get();
  const today = shards.docs.map((doc) => doc.data()).filter((figures) => figures.day === day);
  const sum = (event: string) => today.reduce((total, figures) => total + ((figures[event] as number) ?? 0), 0);
  return { challenges: sum('challenges'), tokens: sum('tokens') };
}

const instagram = inAppBrowsers.find((arrival) => arrival.name === 'Instagram on Android');
if (!instagram) throw new Error("The user-agent list has no 'Instagram on Android'");

const journeys: {
  language: Language;
  t: Translation;
  userAgent: string;
  phone: string;
  slug: string;
  /** The arrival context the fallback's figures count it in. */
  context: string;
}[] = [
  { language: 'en', t: en, userAgent: CHROME_ANDROID, phone: 'Chrome on Android', slug: 'chrome', context: 'browser' },
  { language: 'hi', t: hi, userAgent: SAFARI_IPHONE, phone: 'Safari on an iPhone', slug: 'safari', context: 'browser' },
  // Where reCAPTCHA fails most: an in-app browser (an Android WebView).
  {
    language: 'en',
    t: en,
    userAgent: instagram.userAgent,
    phone: "Instagram's in-app browser",
    slug: 'instagram',
    context: 'instagram',
  },
];

describe('The first attestation refused', () => {
  const browser = useBrowser();

  it.each(journeys)(
    'in $language, $phone: the e-mail journey falls back to the challenge and ends friends with the inviter',
    async ({ language, t, userAgent, slug, context }) => {
      const inviter = await seedInviter();
      const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-fallback'), password: 'correct-horse' };
      const page = await browser.newPage({ device: 'phone', language, userAgent });
      const attestation = await refuseFirstAttestation(page);
      const before = await fallbackFigures(context);

      await page.goto(`/sign-up/${inviter.userId}`);
      await page.getByLabel(t.signUp.username, { exact: true }).fill(invitee.name);
      await page.getByLabel(t.signUp.email, { exact: true }).fill(invitee.email);
      await page.getByLabel(t.signUp.password, { exact: true }).fill(invitee.password);
      await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill(invitee.password);
      await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
      // What the person sees right after the tap: the confirmation page, or (before the
      // fallback) the form's refusal.
      await page.waitForFunction(
        () => location.pathname.startsWith('/confirm-email') || document.querySelector('[role="alert"]') !== null,
        undefined,
        // The first attestation's refusal, then a challenge solved for each of two tokens, on a
        // machine the other tests share.
        { timeout: 60_000 },
      );
      await screenshot(page, `app-check-refused-sign-up-${slug}`, language, 'phone');
      expect(pathOf(page)).toMatch(confirmEmailPath);
      expect(attestation.refused()).toBeGreaterThan(0);

      const { oobLink } = await verificationEmail(invitee.email);
      await openMailLink(page, emailActionLink(oobLink));
      await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}\\?`));
      await visible(page.getByText(t.welcome.activated));
      await screenshot(page, `app-check-refused-welcome-${slug}`, language, 'phone');
      const uid = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
      await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
      // Every token came from the fallback, one solved challenge per page: it buys the page's session
      // token and one limited-use token, for the page's one replay-protected call (signUpWithEmail on
      // the form, activateAccount on the welcome page). The form's page in the SPA is `sign-up`.
      expect(attestation.challengesByPage()).toEqual({ 'sign-up': 1, welcome: 1 });
      expect(attestation.limitedUse()).toHaveLength(2);
      // The funnel's figures: each challenge and each token, in the page's arrival context (other
      // tests of the same context may add theirs meanwhile, never take any away).
      const after = await fallbackFigures(context);
      expect(after.challenges - before.challenges).toBeGreaterThanOrEqual(attestation.fallbacks() / 2);
      expect(after.tokens - before.tokens).toBeGreaterThanOrEqual(attestation.fallbacks() / 2);
    },
  );
});
