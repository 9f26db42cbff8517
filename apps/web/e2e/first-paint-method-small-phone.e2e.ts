// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, Instagram's
// sign-up method page on a small phone (360x740): the server's page puts the e-mail way on the
// first screen as its one filled action in every language, and in Tamil on the slow profile it
// stays there when the app takes over.
import { describe, expect, it } from 'vitest';
import { stackLanguages, textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, useBrowser } from './support/app';
import { filledActions } from './support/layout';
import { boxOf, inAppNotice, instagram } from './support/first-paint';
import { firstPaint, slowPhone } from './support/slow-phone';

/** Whether `box` lies whole within the first screen of a `height`-tall viewport, unscrolled. */
const onFirstScreen = (box: { y: number; height: number }, height: number) =>
  box.y >= 0 && box.y + box.height <= height;

describe("Instagram's sign-up method page on a small phone (360x740)", () => {
  const browser = useBrowser();

  // The server's page (the app's scripts kept away): what every language paints first.
  for (const platform of ['android', 'ios'] as const) {
    it(`shows the e-mail way on the first screen as the one filled action, in every language (${platform})`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'small-phone', userAgent: instagram(platform) });
      await page.route('**/*.js', (route) => route.abort());
      for (const language of stackLanguages) {
        const t = textsOf(language);
        await page.goto(`/social-sign-up/${inviter.userId}?lg=${language}`);
        const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
        expect(onFirstScreen(await boxOf(email), 740), `${language}: the e-mail way on the first screen`).toBe(true);
        expect(await filledActions(page), `${language}: the one filled action`).toEqual([t.socialSignUp.email]);
        expect(await inAppNotice(page).count(), `${language}: the way out still offered`).toBe(1);
        if (language === 'hi') await screenshot(page, `social-sign-up-in-app-${platform}`, language, 'small-phone');
      }
    });
  }

  it('keeps the e-mail way first and filled in Tamil when the app takes over on the slow profile', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ slow: true, device: 'small-phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/social-sign-up/${inviter.userId}?lg=ta`, { waitUntil: 'commit' });
    await firstPaint(page);
    const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
    const before = await boxOf(email);
    expect(onFirstScreen(before, 740)).toBe(true);

    await takenOver(page);
    expect(await boxOf(email)).toEqual(before);
    expect(await filledActions(page)).toEqual([t.socialSignUp.email]);
    await screenshot(page, 'social-sign-up-in-app', 'ta', 'small-phone');
  });
});
