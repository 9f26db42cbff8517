// The e-mail leg as it happens on a phone (docs/arrival.md): the e-mail in the page's language,
// "send it again", the confirmation page left behind in one browser while the link is opened in
// another, a link opened twice (a mail scanner first), and links that are expired or broken.
import { createHash } from 'node:crypto';
import {
  adminDb,
  arrivalFromCopy,
  arrivalFromPlayUrl,
  outboxIds,
  readDoc,
  SimulatedMobileApp,
  verificationMail,
} from '@dayfocus/stack/testing';
import { CHROME_ANDROID, inAppBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, hi, textsOf, type Translation } from './support/locales';
import {
  authUserByEmail,
  emailActionLink,
  expectJoined,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  signedInUsers,
  signUpByEmail,
  openMailLink,
  tapConfirm,
  takenOver,
  uniqueEmail,
  urls,
  useBrowser,
  verificationEmail,
  visible,
  tapWithPageClockStill,
  type SeededInviter,
} from './support/app';

interface Invitee {
  name: string;
  email: string;
  password: string;
}

function newInvitee(): Invitee {
  return { name: 'Mira Nair', email: uniqueEmail('e2e-leg'), password: 'correct-horse' };
}

/** The form, filled and sent in the page's language; resolves on /confirm-email. */
function signUpWithEmail(page: Page, inviter: SeededInviter, invitee: Invitee, t: Translation = en) {
  return signUpByEmail(page, inviter.userId, invitee, t);
}

/**
 * The address's mail log as five sends to it in the last hours left it: its day's mails are spent
 * (`plainSentAt`: they went to the address itself, not to another spelling of its mailbox).
 */
async function spendTheDay(email: string) {
  const key = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const hour = 3_600_000;
  const sentAt = [5, 4, 3, 2, 1].map((hours) => new Date(Date.now() - hours * hour).toISOString());
  await adminDb.collection('_mailLogs').doc(key).set({ sentAt, plainSentAt: sentAt });
}

describe('The e-mail leg on a phone', () => {
  const browser = useBrowser();

  it('sends our verification e-mail in Hindi from the Hindi pages, naming the inviter, and its link opens in Hindi elsewhere', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', language: 'hi' });
    await signUpWithEmail(page, inviter, invitee, hi);

    const mail = await verificationMail(invitee.email);
    expect(mail.subject).toBe(`${inviter.name} ने आपको Dayfocus पर आमंत्रित किया है`);
    expect(mail.text).toContain(`आप और ${inviter.name} दोस्त बन जाएँगे`);
    expect(mail.text).not.toContain(invitee.name); // never the name typed
    expect(new URL(mail.link).searchParams.get('lg')).toBe('hi');
    const other = await browser.newPage({ device: 'phone' }); // the mail app's browser: no language stored
    await openMailLink(other, mail.link);
    await visible(other.getByRole('heading', { name: hi.welcome.title }));
    await visible(other.getByText(hi.welcome.activated));
    const { uid } = await authUserByEmail(invitee.email);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('sends the e-mail again after a minute, and says so when the address has had its mails for the day', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone' });
    await page.clock.install();
    await signUpWithEmail(page, inviter, invitee);
    const resend = page.getByRole('button', { name: en.confirmEmail.resend });
    await visible(resend);
    expect(await resend.isDisabled()).toBe(true);
    await visible(page.getByText(/You can send it again in \d+ s\./));
    const [first] = await outboxIds(invitee.email);
    expect(first).toBeDefined();

    // The server's minute (its own clock): the address's log as a minute ago left it.
    const key = createHash('sha256').update(invitee.email.toLowerCase()).digest('hex');
    await adminDb
      .collection('_mailLogs')
      .doc(key)
      .set({ sentAt: [new Date(Date.now() - 61_000).toISOString()] });
    await page.clock.fastForward(61_000);
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await visible(page.getByRole('alert').getByText(en.confirmEmail.resent));
    await verificationMail(invitee.email, { after: [first ?? ''] });
    expect(await resend.isDisabled()).toBe(true); // the wait starts again

    await spendTheDay(invitee.email);
    await page.clock.fastForward(61_000);
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await visible(page.getByRole('alert').getByText(en.confirmEmail.tooManyRequests));
    expect(await outboxIds(invitee.email)).toHaveLength(2);
    expect(await resend.isDisabled()).toBe(true); // until the day's first send leaves the day
  });

  it('moves on to the welcome page by itself once the address is confirmed in another browser', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone' }); // say, Instagram's browser
    await signUpWithEmail(page, inviter, invitee);
    await visible(page.getByText(en.confirmEmail.watching));
    const { uid } = await authUserByEmail(invitee.email);

    const mailBrowser = await browser.newPage({ device: 'phone' }); // the mail app opens Chrome
    await openMailLink(mailBrowser, (await verificationMail(invitee.email)).link);
    await visible(mailBrowser.getByText(en.welcome.activated));

    await reachPath(page, `/welcome/${uid}/${inviter.userId}?lg=en`);
    await visible(page.getByText(en.welcome.activated));
    await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
    // The tab's session went on to the welcome page, for "Get the app" to hand to the app.
    expect(await signedInUsers(page)).toEqual([uid]);
  });

  it('welcomes a link opened twice (a mail scanner first), with the friendship made once', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    await signUpWithEmail(await browser.newPage({ device: 'phone' }), inviter, invitee);
    const { link } = await verificationMail(invitee.email);

    const scanner = await browser.newPage(); // a scanner that runs the page: it offers the step and applies nothing
    await scanner.goto(link);
    await takenOver(scanner);
    await visible(scanner.locator('#welcome-confirm button[type="submit"]'));
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(false);
    await tapConfirm(scanner); // and one that taps as well
    await visible(scanner.getByText(en.welcome.activated));

    // The person's opening: confirmed already, the page says so without a step left.
    const person = await browser.newPage({ device: 'phone' });
    await person.goto(link);
    await visible(person.getByText(en.welcome.activated));
    await visible(person.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
    const { uid } = await authUserByEmail(invitee.email);
    expect(pathOf(person)).toMatch(new RegExp(`^/welcome/${uid}/${inviter.userId}\\?`));
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it("activates, befriending nobody, when Firebase's own page applied the link's code first", async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    await signUpWithEmail(await browser.newPage({ device: 'phone' }), inviter, invitee);
    const { oobLink } = await verificationEmail(invitee.email);
    // The Auth emulator's handler applies the code: the address is verified, but the companion
    // never saw the sign-up's own e-mail prove it, so the recorded inviter does not count
    // (docs/joins.md, B). A deployment whose e-mails lead to /auth/action never meets this.
    const applied = await fetch(oobLink, { redirect: 'manual' });
    expect(applied.status).toBe(303);

    const person = await browser.newPage({ device: 'phone' });
    await openMailLink(person, emailActionLink(oobLink));
    await visible(person.getByText(en.welcome.activated));
    const { uid } = await authUserByEmail(invitee.email);
    expect(await readDoc('Friends', `${inviter.userId}_${uid}`)).toBeUndefined();
    expect(await readDoc('Users', uid)).toMatchObject({ isActive: true, isVerified: true });
    expect(await person.getByText(`You and ${inviter.name} are now friends`, { exact: true }).count()).toBe(0);
  });

  it('says a broken link is not valid and how to get a new one, changing nothing', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    await signUpWithEmail(await browser.newPage({ device: 'phone' }), inviter, invitee);
    const link = new URL((await verificationMail(invitee.email)).link);
    link.searchParams.set('oobCode', `${link.searchParams.get('oobCode') ?? ''}-cut`);

    const person = await browser.newPage({ device: 'phone' });
    await openMailLink(person, link.href);
    // The page says what it is about: the link, not a welcome.
    await visible(person.getByRole('heading', { level: 1, name: en.welcome.titleInvalid }));
    const alert = person.getByRole('alert');
    await visible(alert.getByText(en.welcome.linkInvalid));
    await visible(alert.getByText(en.welcome.newLink));
    // The form it leads to offers at once the link that finishes this account's sign-up (its uid in
    // the fragment, which no request carries; never its address).
    const { uid } = await authUserByEmail(invitee.email);
    expect(await alert.getByRole('link', { name: en.welcome.signUpAgain }).getAttribute('href')).toBe(
      `/sign-up/${inviter.userId}#resume=${uid}`,
    );
    await visible(person.getByText(en.welcome.download)); // the app can still be had
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(false);
  });

  it('says an expired link has expired', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    await signUpWithEmail(await browser.newPage({ device: 'phone' }), inviter, invitee);
    const { link } = await verificationMail(invitee.email);

    const person = await browser.newPage({ device: 'phone' });
    // The emulator's codes never expire: activation's answer for a code past its lifetime, as the
    // server gives it (its flow turns Auth's EXPIRED_OOB_CODE into this detail).
    await person.route('**/activateAccount', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            status: 'FAILED_PRECONDITION',
            message: 'The email address is not verified yet',
            details: { verificationLink: 'expired' },
          },
        }),
      }),
    );
    await openMailLink(person, link);
    await visible(person.getByRole('alert').getByText(en.welcome.linkExpired));
    await visible(person.getByRole('heading', { level: 1, name: en.welcome.titleExpired }));
    expect(await person.title()).toContain(en.welcome.titleExpired);
    await screenshot(person, 'welcome-link-expired', 'en', 'phone');
    expect((await authUserByEmail(invitee.email)).emailVerified).toBe(false);
  });

  it("hands every other e-mail of the project (a password reset, the app's) to Firebase's own handler", async () => {
    const page = await browser.newPage({ device: 'phone' });
    const query = 'mode=resetPassword&oobCode=some-code&apiKey=fake-api-key&lang=en';
    await page.goto(`/auth/action?${query}`);
    await page.waitForURL((url) => url.origin === urls.auth);
    const landed = new URL(page.url());
    expect(`${landed.pathname}${landed.search}`).toBe(`/emulator/action?${query}`);
  });

  describe('Signed in on arrival: the app opens as the account that signed up (docs/signed-in-on-arrival.md, section 6)', () => {
    /** An e-mail sign-up on a phone, confirmed from the mail app's browser; the tab moves on to the welcome page. */
    async function welcomedOn(userAgent: string) {
      const inviter = await seedInviter();
      const invitee = newInvitee();
      const page = await browser.newPage({ device: 'phone', userAgent });
      await signUpWithEmail(page, inviter, invitee);
      const { uid } = await authUserByEmail(invitee.email);
      const mailBrowser = await browser.newPage({ device: 'phone', userAgent });
      await openMailLink(mailBrowser, (await verificationMail(invitee.email)).link);
      await visible(mailBrowser.getByText(en.welcome.activated));
      await reachPath(page, `/welcome/${uid}/${inviter.userId}?lg=en`);
      await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));
      return { inviter, invitee, uid, page, mailBrowser };
    }

    /** "Copy invite and get the app" on an iPhone, the App Store, back: what the clipboard then holds. */
    async function copyInviteAndComeBack(page: Page): Promise<string> {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
      await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
      await tapWithPageClockStill(page.getByRole('button', { name: en.welcome.copyInvite }), async () => {
        await page.waitForURL((url) => url.hostname === 'apps.apple.com');
      });
      await page.goBack();
      await visible(page.getByRole('button', { name: en.welcome.copyInvite }));
      return page.evaluate(() => navigator.clipboard.readText());
    }

    it('on Android: Google Play carries the invite and a handoff; the app redeems it as the same account, a friend already', async () => {
      const { inviter, invitee, uid, page, mailBrowser } = await welcomedOn(CHROME_ANDROID);
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
      page.on('console', (message) => seen.push(message.text()));
      // While the code is minted, the badge says it is on its way, and a second tap changes nothing.
      // The page's clock stands still meanwhile: the code is held past the tap's own 3 s wait.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/createSignInHandoff', async (route) => {
        await held;
        await route.fallback();
      });
      await tapWithPageClockStill(play, async () => {
        await expect.poll(() => play.getAttribute('aria-busy')).toBe('true');
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
      const first = await welcomedOn(CHROME_ANDROID);
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
      const { uid, page } = await welcomedOn(SAFARI_IPHONE);
      const copy = await copyInviteAndComeBack(page);
      expect(copy).toMatch(new RegExp(`^${urls.hosting}/l/[A-Za-z0-9_-]{8,32}#signin=[A-Za-z0-9_-]{43}$`));
      const arrival = arrivalFromCopy(copy);

      const app = new SimulatedMobileApp('ios');
      expect((await app.signInOnArrival(arrival.handoff ?? '')).uid).toBe(uid);
      await app.close();
    });

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
        const { uid, page } = await welcomedOn(userAgent);
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
