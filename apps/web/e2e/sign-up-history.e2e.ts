// The browser's Back and Forward in the e-mail sign-up, on a phone, as the tryout met them: Back
// from the welcome page landed on an empty sign-up form (someone already friends asked to sign up
// again), and Back then Forward on the form emptied it. Back from a finished sign-up now lands on
// its welcome page, and the form keeps the name and address she typed (never the password).
import { verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import {
  authUserByEmail,
  openMailLink,
  pathOf,
  reachPath,
  screenshot,
  seedInviter,
  signUpByEmail,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { hi, textsOf } from './support/locales';

const ta = textsOf('ta');

describe('Back and Forward in the e-mail sign-up, on a phone', () => {
  const browser = useBrowser();

  it('Back from the welcome page of a sign-up confirmed elsewhere stays with the welcome, not an empty form', async () => {
    const inviter = await seedInviter();
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-back-welcome'), password: 'correct-horse' };
    const page = await browser.newPage({ device: 'phone', language: 'ta', userAgent: CHROME_ANDROID });
    await signUpByEmail(page, inviter.userId, invitee, ta);
    const { uid } = await authUserByEmail(invitee.email);
    // Confirmed in the mail app's browser: this tab moves on to the welcome page by itself.
    const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openMailLink(mailApp, (await verificationMail(invitee.email)).link);
    const welcome = new RegExp(`^/welcome/${uid}/${inviter.userId}(\\?lg=ta)?$`);
    await reachPath(page, welcome);
    await visible(page.getByText(ta.welcome.friends.replace('{{name}}', inviter.name)));

    await page.goBack();
    // Where the form was: the welcome page again, friends already; no form asks her to sign up.
    await reachPath(page, welcome);
    await visible(page.getByText(ta.welcome.friends.replace('{{name}}', inviter.name)));
    expect(await page.getByLabel(ta.signUp.email, { exact: true }).count()).toBe(0);
    await screenshot(page, 'welcome-after-back', 'ta', 'phone');
  });

  it('Back then Forward on the form keeps the name and address typed, and not the password', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-back-forward');
    const page = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await page.goto(`/feedback/${inviter.userId}/hi`);
    await takenOver(page);
    await page.getByRole('link', { name: hi.invitation.signUp }).click();
    await page.getByRole('link', { name: hi.socialSignUp.email }).click();
    await reachPath(page, new RegExp(`^/sign-up/${inviter.userId}`));
    await takenOver(page);
    await page.getByLabel(hi.signUp.username, { exact: true }).fill('Mira Nair');
    await page.getByLabel(hi.signUp.email, { exact: true }).fill(email);
    await page.getByLabel(hi.signUp.password, { exact: true }).fill('correct-horse');
    await page.getByLabel(hi.signUp.confirmPassword, { exact: true }).fill('correct-horse');

    await page.goBack();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up/'));
    await page.goForward();
    await reachPath(page, new RegExp(`^/sign-up/${inviter.userId}`));
    await takenOver(page);
    const username = page.getByLabel(hi.signUp.username, { exact: true });
    await expect.poll(() => username.inputValue()).toBe('Mira Nair');
    expect(await page.getByLabel(hi.signUp.email, { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel(hi.signUp.password, { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel(hi.signUp.confirmPassword, { exact: true }).inputValue()).toBe('');
    expect(pathOf(page)).toMatch(new RegExp(`^/sign-up/${inviter.userId}`));
    await screenshot(page, 'sign-up-after-back-forward', 'hi', 'phone');
  });
});
