// The first HTML tells the truth (docs/arrival.md): on a slow phone the server's page is all a
// person has for seconds, so it must already be the page the app will show. Here, the
// invitation in Instagram's browser on a slow phone: its actions stay where they painted when the
// way out comes with the app, below them.
import { describe, expect, it } from 'vitest';
import { textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, useBrowser, visible } from './support/app';
import { boxOf, inAppNotice, instagram } from './support/first-paint';
import { firstPaint, slowPhone } from './support/slow-phone';

describe("Instagram's invitation on a slow phone", () => {
  const browser = useBrowser();

  it('keeps its actions where they painted when the way out comes with the app, below them', async () => {
    const t = textsOf('ta');
    const inviter = await seedInviter();
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: instagram('android') });
    await slowPhone(page);
    await page.goto(`/feedback/${inviter.userId}/ta`, { waitUntil: 'commit' });
    await firstPaint(page);
    const signUp = page.getByRole('link', { name: t.invitation.signUp, exact: true });
    const before = await boxOf(signUp);

    await takenOver(page);
    await visible(inAppNotice(page));
    expect(await boxOf(signUp)).toEqual(before);
    const notice = await boxOf(inAppNotice(page));
    expect(notice.y).toBeGreaterThan(before.y + before.height);
    await screenshot(page, 'first-paint-invitation-in-app', 'ta', 'phone');
  });
});
