// Email sign-up in a real browser against the local stack: the invitation, the form, the
// confirmation page, the verification e-mail's link (or its code) and the activation it triggers.
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { en } from './support/locales';
import {
  authUser,
  authUserByEmail,
  emailActionLink,
  expectJoined,
  pathOf,
  reachPath,
  seedInviter,
  useBrowser,
  verificationEmail,
  visible,
  confirmEmailPath,
  openMailLink,
  fillSignUpForm,
  signUpButton,
} from './support/app';
import { config, newInvitee, formReady, signUpWithEmail } from './support/email-sign-up';

describe('Email sign-up in the browser', () => {
  const browser = useBrowser();

  it('an invitee opens the English invitation, signs up with email, follows the emulator verification link and joins the inviter', async () => {
    const inviter = await seedInviter({ picture: true });
    const invitee = newInvitee();
    const page = await browser.newPage();

    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await visible(page.getByText(inviter.name, { exact: true }));
    const picture = page.getByRole('img', { name: `Profile picture of ${inviter.name}` });
    await visible(picture);
    expect(await picture.getAttribute('src')).toBe(inviter.picture);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.getByRole('link', { name: en.invitation.signUp, exact: true }).click();
    await reachPath(page, `/social-sign-up/${inviter.userId}`);
    await page.getByRole('link', { name: en.socialSignUp.email }).click();
    await reachPath(page, `/sign-up/${inviter.userId}`);
    await fillSignUpForm(page, invitee);
    await signUpButton(page).click();

    await reachPath(page, confirmEmailPath);
    await visible(page.getByRole('heading', { name: 'Confirm Your Email' }));
    const sentTo = page.getByText(`We have sent an email with a confirmation link to ${invitee.email}.`);
    await visible(sentTo);
    await page.reload();
    await visible(sentTo);

    const { oobLink } = await verificationEmail(invitee.email);
    await openMailLink(page, emailActionLink(oobLink)); // the e-mail's link, on the site's /auth/action
    await reachPath(page, new RegExp(`^/welcome/[^/]+/${inviter.userId}\\?lg=en`));
    const uid = decodeURIComponent(pathOf(page).split('/')[2] ?? '');
    expect(uid).toBe((await authUserByEmail(invitee.email)).uid);

    await visible(page.getByRole('heading', { name: 'Welcome' }));
    await visible(page.getByText(en.welcome.activated));
    await visible(page.getByText('Download the app to start on your tasks with friends'));
    expect(await page.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(
      config.appStoreUrl,
    );
    // Google Play carries the invite (the inviter's short link's code) as the install referrer.
    const play = new URL((await page.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')) ?? '');
    expect(`${play.origin}${play.pathname}?id=${play.searchParams.get('id')}`).toBe(config.playStoreUrl);
    expect(play.searchParams.get('referrer')).toMatch(/^invite=[A-Za-z0-9_-]{8,32}$/);
    await visible(page.getByText(`You and ${inviter.name} are now friends`, { exact: true }));

    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('the welcome page applies the verification code the link carries before it activates the account', async () => {
    const inviter = await seedInviter({ picture: false });
    const invitee = newInvitee();
    const page = await browser.newPage();
    await signUpWithEmail(page, inviter.userId, invitee);

    const { oobCode } = await verificationEmail(invitee.email);
    const { uid } = await authUserByEmail(invitee.email);
    expect((await authUser(uid)).emailVerified).toBe(false);
    await openMailLink(
      page,
      `/welcome/${uid}/${inviter.userId}?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`,
    );

    await visible(page.getByText(en.welcome.activated));
    await visible(page.getByText(en.welcome.download));
    expect((await authUser(uid)).emailVerified).toBe(true);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('a second sign-up with an address already registered shows "already registered" and lets the visitor try again', async () => {
    const inviter = await seedInviter();
    const first = newInvitee();
    await signUpWithEmail(await browser.newPage(), inviter.userId, first);

    const page = await browser.newPage(); // another browser: nobody signed in
    await page.goto(`/sign-up/${inviter.userId}`);
    await fillSignUpForm(page, { ...first, name: 'Someone Else', password: 'another-secret' });
    await signUpButton(page).click();

    const alert = page.getByRole('alert');
    await visible(alert.getByText('This email is already registered.'));
    await expect.poll(() => signUpButton(page).isEnabled()).toBe(true);
    expect(await signUpButton(page).getAttribute('aria-busy')).toBe('false');
    expect(await page.locator('button[type=submit] .spinner').count()).toBe(0);
    expect(pathOf(page)).toBe(`/sign-up/${inviter.userId}`);
  });

  it('an address already registered also offers its owner the way on: the app, with this invitation (the short link)', async () => {
    const inviter = await seedInviter();
    // Someone with an active account (from an earlier invitation), who follows this one too.
    const [owner] = await importVerifiedInvitees([(await seedInviter()).userId]);
    if (!owner) throw new Error('no account imported');

    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await page.goto(`/sign-up/${inviter.userId}`);
    await formReady(page);
    await fillSignUpForm(page, { ...newInvitee(), email: owner.email });
    await signUpButton(page).click();

    const alert = page.getByRole('alert');
    await visible(alert.getByText(en.signUp.emailInUse, { exact: true }));
    const wayOn = alert.getByRole('link', { name: en.signUp.openAppWithInvite });
    await visible(wayOn);
    expect(await wayOn.getAttribute('href')).toBe(`/app-link/${inviter.userId}`);
    const shortLink = page.waitForRequest((request) => /^\/l\/[A-Za-z0-9_-]+$/.test(new URL(request.url()).pathname));
    await wayOn.click();
    const request = await shortLink;
    expect(request.redirectedFrom()?.url()).toContain(`/app-link/${inviter.userId}`);
  });
});
