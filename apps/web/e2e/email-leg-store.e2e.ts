// The e-mail leg as it happens on a phone (docs/arrival.md): signed in on arrival
// (docs/signed-in-on-arrival.md, section 6), the tab that signed up taps the store on its welcome
// page: on Android Google Play carries a handoff the app redeems as the same account, a second
// person in the same tab gets her own, and on an iPhone the copied invite carries it. The mail
// opened in other browsers, and the in-app browsers, are in email-leg-store-browsers.e2e.ts.
import { arrivalFromCopy, arrivalFromPlayUrl, SimulatedMobileApp, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  reachPath,
  screenshot,
  seedInviter,
  signedInUsers,
  openMailLink,
  urls,
  useBrowser,
  visible,
  tapWithPageClockStill,
} from './support/app';
import { copyInviteAndComeBack, newInvitee, signUpWithEmail, welcomedOn } from './support/email-leg';

describe('The e-mail leg on a phone', () => {
  const browser = useBrowser();

  describe('Signed in on arrival: the app opens as the account that signed up (docs/signed-in-on-arrival.md, section 6)', () => {
    it('on Android: Google Play carries the invite and a handoff; the app redeems it as the same account, a friend already', async () => {
      const { inviter, invitee, uid, page, mailBrowser } = await welcomedOn(browser, CHROME_ANDROID);
      const play = page.locator('[data-store="google-play"]');
      // The link itself carries the invite alone: the handoff is asked for on the tap.
      expect(arrivalFromPlayUrl((await play.getAttribute('href')) ?? '').handoff).toBeNull();
      await page.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Play' }));
      // What our servers and the page's console see from here on: never the handoff, but in the mint's answer.
      const seen: string[] = [];
      const ours = (url: string) => url.startsWith(urls.hosting) && !url.endsWith('/api/createSignInHandoff');
      page.on('request', (request) => {
        if (request.url().startsWith(urls.hosting)) seen.push(`${request.url()} ${request.postData() ?? ''}`);
      });
      page.on('response', (response) => {
        if (ours(response.url()))
          void response.text().then(
            (body) => seen.push(body),
            () => undefined,
          );
      });
      // What the page writes to its console: seen too, and told if the tap goes astray (below).
      const said: string[] = [];
      page.on('console', (message) => {
        seen.push(message.text());
        said.push(message.text());
      });
      // While the code is minted, the badge says it is on its way, and a second tap changes nothing.
      // The page's clock stands still meanwhile: the code is held past the tap's own 3 s wait.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/createSignInHandoff', async (route) => {
        await held;
        await route.fallback();
      });
      // The badge's state, or, if the tap went on to Google Play at once, where and what the page
      // said (a slow evening's run found the badge gone within 30 s of the tap, once).
      const badgeBusy = async () =>
        new URL(page.url()).hostname === 'play.google.com'
          ? `gone to ${page.url()}; the page said: ${said.join(' | ') || 'nothing'}`
          : await play.getAttribute('aria-busy', { timeout: 5_000 });
      await tapWithPageClockStill(play, async () => {
        await expect.poll(badgeBusy).toBe('true');
        await screenshot(page, 'welcome-handoff-waiting', 'en', 'phone');
        await play.click({ force: true });
        release();
        await page.waitForURL((url) => url.hostname === 'play.google.com');
      });
      const arrival = arrivalFromPlayUrl(page.url());
      expect(arrival.invite).toMatch(/^[A-Za-z0-9_-]{8,32}$/);
      expect(arrival.handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((text) => text.includes(arrival.handoff ?? ''))).toEqual([]);

      const app = new SimulatedMobileApp('android');
      const user = await app.signInOnArrival(arrival.handoff ?? '');
      expect(user.uid).toBe(uid);
      expect((await user.getIdTokenResult()).claims.handoff).toBe(true);
      await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
      await app.close();
      // The handoff was the session's last work in the tab; a tap after coming back takes the same code.
      await page.goBack();
      expect(await signedInUsers(page)).toEqual([]);
      await play.click();
      await page.waitForURL((url) => url.hostname === 'play.google.com');
      expect(arrivalFromPlayUrl(page.url())).toEqual(arrival);

      // The mail app's browser has no session of the account: its Google Play carries the code its
      // confirmation minted, which the tab's later mint replaced (the last tap's code signs in).
      await mailBrowser.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Play' }));
      await mailBrowser.locator('[data-store="google-play"]').click();
      await mailBrowser.waitForURL((url) => url.hostname === 'play.google.com');
      const fromMail = arrivalFromPlayUrl(mailBrowser.url());
      expect(fromMail.invite).toBe(arrival.invite);
      expect(fromMail.handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fromMail.handoff).not.toBe(arrival.handoff);
    });

    it("gives a second person signing up in the same tab her own code, never the first one's", async () => {
      const first = await welcomedOn(browser, CHROME_ANDROID);
      const { page } = first;
      await page.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Play' }));
      await tapWithPageClockStill(page.locator('[data-store="google-play"]'), async () => {
        await page.waitForURL((url) => url.hostname === 'play.google.com');
      });
      const firstCode = arrivalFromPlayUrl(page.url()).handoff;
      expect(firstCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Minutes later, another person takes the phone and signs up in the same tab.
      const inviter = await seedInviter();
      const second = newInvitee();
      await signUpWithEmail(page, inviter, second);
      const { uid } = await authUserByEmail(second.email);
      await openMailLink(first.mailBrowser, (await verificationMail(second.email)).link);
      await visible(first.mailBrowser.getByText(en.welcome.activated));
      await reachPath(page, `/welcome/${uid}/${inviter.userId}?lg=en`);
      await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
      await tapWithPageClockStill(page.locator('[data-store="google-play"]'), async () => {
        await page.waitForURL((url) => url.hostname === 'play.google.com');
      });
      const handoff = arrivalFromPlayUrl(page.url()).handoff;
      expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(handoff).not.toBe(firstCode);
      const app = new SimulatedMobileApp('android');
      expect((await app.signInOnArrival(handoff ?? '')).uid).toBe(uid);
      await app.close();
    });

    it("on an iPhone: the copy carries the handoff in the short link's fragment; the app redeems it", async () => {
      const { uid, page } = await welcomedOn(browser, SAFARI_IPHONE);
      const copy = await copyInviteAndComeBack(page);
      expect(copy).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]{8,32}#signin=[A-Za-z0-9_-]{43}$`));
      const arrival = arrivalFromCopy(copy);

      const app = new SimulatedMobileApp('ios');
      expect((await app.signInOnArrival(arrival.handoff ?? '')).uid).toBe(uid);
      await app.close();
    });
  });
});
