// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, Instagram's
// sign-up method page on the slow profile: the in-app state from the first paint, nothing moving
// when the app takes over, and a tap before then counted as she meant it. The other pages' first
// paints are in the other first-paint-*.e2e.ts files.
import { describe, expect, it } from 'vitest';
import { textsOf } from './support/locales';
import { pathOf, reachPath, screenshot, seedInviter, takenOver, useBrowser, visible } from './support/app';
import { boxOf, inAppNotice, instagram } from './support/first-paint';
import { firstPaint, slowPhone } from './support/slow-phone';

describe("Instagram's sign-up method page on a slow phone", () => {
  const browser = useBrowser();

  for (const [platform, language] of [
    ['android', 'hi'],
    ['ios', 'ta'],
  ] as const) {
    const t = textsOf(language);
    it(`shows the in-app state from the first paint, and nothing moves when the app takes over (${platform}, ${language})`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ slow: true, device: 'phone', userAgent: instagram(platform) });
      await slowPhone(page);
      await page.goto(`/social-sign-up/${inviter.userId}?lg=${language}`, { waitUntil: 'commit' });
      await firstPaint(page);
      const email = page.getByRole('link', { name: t.socialSignUp.email, exact: true });
      const before = await boxOf(email);
      // The way out stands where Google would, from the first paint; Google is never offered here.
      expect(await inAppNotice(page).count()).toBe(1);
      expect(await page.getByRole('button', { name: t.socialSignUp.google }).count()).toBe(0);

      await takenOver(page);
      await visible(inAppNotice(page));
      expect(await boxOf(email)).toEqual(before);
      expect(await page.getByRole('button', { name: t.socialSignUp.google }).count()).toBe(0);
      await screenshot(page, `first-paint-in-app-${platform}`, language, 'phone');
    });
  }

  it('takes a tap on "Sign up with email" right after the first paint to the e-mail form', async () => {
    const inviter = await seedInviter();
    const t = textsOf('hi');
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/social-sign-up/${inviter.userId}?lg=hi`, { waitUntil: 'commit' });
    await firstPaint(page);
    const box = await boxOf(page.getByRole('link', { name: t.socialSignUp.email, exact: true }));
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await reachPath(page, `/sign-up/${inviter.userId}?lg=hi`);
    await visible(page.getByLabel(t.signUp.email, { exact: true }));
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}?lg=hi`);
  });
});
