// The mail's link opened again once it has confirmed (docs/arrival.md, "A link used twice"): the
// page says she is confirmed and friends, the store is ready with the invite, and nothing new is
// made: no second sign-in code, friendship or history entry. In the browser that confirmed, and in
// another one (the e-mail leg often opens in a second browser).
import { adminDb, joinsDelivered, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { collections } from '@dayfocus/contracts/records';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, textsOf, type Language } from './support/locales';
import {
  authUserByEmail,
  openMailLink,
  readDoc,
  screenshot,
  seedInviter,
  signUpByEmail,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  type SeededInviter,
} from './support/app';

const news = (page: Page, inviter: SeededInviter, language: Language = 'en') =>
  page.getByText(textsOf(language).welcome.friends.replace('{{name}}', inviter.name), { exact: true });

/** What the join and the confirmation left for `uid`: codes minted, friendships, history entries. */
async function madeFor(inviter: SeededInviter, uid: string) {
  const [codes, friendships] = await Promise.all([
    adminDb.collection(collections.signInHandoffs).where('uid', '==', uid).get(),
    adminDb.collection('Friends').where('friendId', '==', uid).get(),
  ]);
  const history = ((await readDoc('NotificationHistory', inviter.userId))?.history ?? []) as { userId?: string }[];
  return {
    codes: codes.size,
    friendships: friendships.size,
    history: history.filter((entry) => entry.userId === uid).length,
  };
}

/** A sign-up by e-mail, confirmed through its mail's link on an Android phone; answers the link. */
async function confirmed(browser: ReturnType<typeof useBrowser>, prefix: string) {
  const inviter = await seedInviter();
  const email = uniqueEmail(prefix);
  await signUpByEmail(await browser.newPage({ device: 'phone' }), inviter.userId, {
    name: 'Mira Nair',
    email,
    password: 'correct-horse',
  });
  const { link } = await verificationMail(email);
  const first = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
  await openMailLink(first, link);
  await visible(news(first, inviter));
  const { uid } = await authUserByEmail(email);
  await joinsDelivered(inviter.userId);
  return { inviter, uid, link, first };
}

describe("The mail's link opened again", () => {
  const browser = useBrowser();

  it('says she is confirmed and friends, with the store ready, in the same browser and another; nothing new is made', async () => {
    const { inviter, uid, link, first } = await confirmed(browser, 'e2e-again');
    const before = await madeFor(inviter, uid);
    expect(before).toEqual({ codes: 1, friendships: 1, history: 1 });

    const again = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE });
    for (const [page, store] of [
      [first, 'google-play'],
      [again, 'app-store'],
    ] as const) {
      await page.goto(link);
      // From the server's first paint, and still once the app has the page.
      await visible(news(page, inviter));
      expect(await page.getByText(en.welcome.confirmLead).count()).toBe(0);
      await takenOver(page);
      await visible(news(page, inviter));
      await visible(page.getByText(en.welcome.activated));
      expect(await page.locator('#welcome-confirm').count()).toBe(0);
      const action = page.locator(`[data-store="${store}"]`);
      expect(await action.isEnabled()).toBe(true);
      if (store === 'google-play') {
        expect(new URL((await action.getAttribute('href')) ?? '').searchParams.get('referrer')).toMatch(/^invite=/);
      }
    }
    await joinsDelivered(inviter.userId);
    expect(await madeFor(inviter, uid)).toEqual(before);
  });

  for (const language of ['hi', 'ta'] as const) {
    it(`screenshot: the link opened again, in ${language}`, async () => {
      const { inviter, link } = await confirmed(browser, `e2e-again-${language}`);
      const url = new URL(link);
      url.searchParams.set('lg', language);
      const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE });
      await page.goto(url.href);
      await takenOver(page);
      await visible(news(page, inviter, language));
      await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
      await screenshot(page, 'welcome-link-again', language, 'phone');
    });
  }
});
