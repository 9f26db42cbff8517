// The e-mail leg as it happens on a phone (docs/arrival.md): signed in on arrival
// (docs/signed-in-on-arrival.md, section 6), wherever the sign-up and the mail's link open: the
// mail opened in another browser than the one that signed up, or in a new tab of the same browser,
// and the whole sign-up done in Instagram's own browser; each store tap signs the app in as her.
// The tab that signed up tapping the store itself is in email-leg-store.e2e.ts.
import { arrivalFromCopy, arrivalFromPlayUrl, SimulatedMobileApp, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID, inAppBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { en, hi, textsOf } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  screenshot,
  seedInviter,
  signedInUsers,
  openMailLink,
  useBrowser,
  visible,
  tapWithPageClockStill,
} from './support/app';
import { copyInviteAndComeBack, newInvitee, signUpWithEmail, welcomedOn } from './support/email-leg';

describe('The e-mail leg on a phone', () => {
  const browser = useBrowser();

  describe('Signed in on arrival: the app opens as the account that signed up (docs/signed-in-on-arrival.md, section 6)', () => {
    // Where the mail's link opens on a phone: the mail app's browser (Gmail's Custom Tab, Safari),
    // another context than the in-app browser that signed up, with no session of hers.
    const instagramOn = (phone: string) =>
      inAppBrowsers.find((arrival) => arrival.appName === 'Instagram' && arrival.phone === phone);
    it.each([
      {
        phone: 'Android',
        language: 'hi',
        platform: 'android' as const,
        signUpIn: instagramOn('android'),
        mailIn: CHROME_ANDROID,
        t: hi,
      },
      {
        phone: 'iPhone',
        language: 'en',
        platform: 'ios' as const,
        signUpIn: instagramOn('ios'),
        mailIn: SAFARI_IPHONE,
        t: en,
      },
    ])(
      'on $phone in $language, the mail opened in another browser: its store tap signs the app in as her',
      async ({ platform, language, signUpIn, mailIn, t }) => {
        expect(signUpIn?.phone).toBe(platform);
        const inviter = await seedInviter();
        const invitee = newInvitee();
        const signUpTab = await browser.newPage({ device: 'phone', language, userAgent: signUpIn?.userAgent ?? '' });
        await signUpWithEmail(signUpTab, inviter, invitee, t);
        const { uid } = await authUserByEmail(invitee.email);
        const mailTab = await browser.newPage({ device: 'phone', userAgent: mailIn }); // no session of hers
        await openMailLink(mailTab, (await verificationMail(invitee.email)).link);
        await visible(mailTab.getByText(t.welcome.activated));
        let handoff: string | null;
        if (platform === 'android') {
          const play = mailTab.locator('[data-store="google-play"]');
          await mailTab.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Play' }));
          await play.click();
          await mailTab.waitForURL((url) => url.hostname === 'play.google.com');
          handoff = arrivalFromPlayUrl(mailTab.url()).handoff;
        } else {
          handoff = arrivalFromCopy(await copyInviteAndComeBack(mailTab)).handoff;
        }
        expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const app = new SimulatedMobileApp(platform);
        const user = await app.signInOnArrival(handoff ?? '');
        expect(user.uid).toBe(uid);
        await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
        await app.close();
      },
    );

    it('in Chrome on Android, the mail opened in a new tab of the same browser: its store tap signs the app in as her', async () => {
      const inviter = await seedInviter();
      const invitee = newInvitee();
      const signUpTab = await browser.newPage({ device: 'phone', language: 'ta', userAgent: CHROME_ANDROID });
      await signUpWithEmail(signUpTab, inviter, invitee, textsOf('ta'));
      const { uid } = await authUserByEmail(invitee.email);
      // A new tab shares the browser's storage but not the tab's own: the sign-up's session stays behind.
      const mailTab = await signUpTab.context().newPage();
      await openMailLink(mailTab, (await verificationMail(invitee.email)).link);
      await visible(mailTab.getByText(textsOf('ta').welcome.activated));
      expect(await signedInUsers(mailTab)).toEqual([]);
      await mailTab.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Play' }));
      await mailTab.locator('[data-store="google-play"]').click();
      await mailTab.waitForURL((url) => url.hostname === 'play.google.com');
      const { handoff } = arrivalFromPlayUrl(mailTab.url());
      expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const app = new SimulatedMobileApp('android');
      expect((await app.signInOnArrival(handoff ?? '')).uid).toBe(uid);
      await app.close();
    });

    // Where invite links are opened most: an app's own browser, the whole sign-up done there.
    it.each(inAppBrowsers.filter(({ appName }) => appName === 'Instagram'))(
      'in $name: the tap carries a handoff too, and the app redeems it',
      async ({ userAgent, phone: platform }) => {
        const { uid, page } = await welcomedOn(browser, userAgent);
        await screenshot(page, `welcome-in-app-${platform}`, 'en', 'phone');
        let handoff: string | null;
        if (platform === 'android') {
          await page.route('https://play.google.com/**', (route) =>
            route.fulfill({ status: 200, body: 'Google Play' }),
          );
          await tapWithPageClockStill(page.locator('[data-store="google-play"]'), async () => {
            await page.waitForURL((url) => url.hostname === 'play.google.com');
          });
          handoff = arrivalFromPlayUrl(page.url()).handoff;
        } else {
          handoff = arrivalFromCopy(await copyInviteAndComeBack(page)).handoff;
        }
        expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const app = new SimulatedMobileApp(platform === 'android' ? 'android' : 'ios');
        expect((await app.signInOnArrival(handoff ?? '')).uid).toBe(uid);
        await app.close();
      },
    );
  });
});
