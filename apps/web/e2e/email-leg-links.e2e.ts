// The e-mail leg as it happens on a phone (docs/arrival.md): the confirmation page left behind in
// one browser while the link is opened in another, a link opened twice (a mail scanner first), one
// that Firebase's own page applied first, links that are broken or expired, and the project's other
// e-mails handed to Firebase's own handler. The mail itself is in email-leg-mail.e2e.ts.
import { readDoc, verificationMail } from '@dayfocus/stack/testing';
import { describe, expect, it } from 'vitest';
import { en } from './support/locales';
import {
  authUserByEmail,
  emailActionLink,
  expectJoined,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  signedInUsers,
  openMailLink,
  tapConfirm,
  takenOver,
  urls,
  useBrowser,
  verificationEmail,
  visible,
} from './support/app';
import { newInvitee, signUpWithEmail } from './support/email-leg';

describe('The e-mail leg on a phone', () => {
  const browser = useBrowser();

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
});
