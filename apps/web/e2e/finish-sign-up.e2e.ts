// A sign-up left half-way on a phone (the account made and recorded, then the network lost before
// the mail) and tried again later with another password: the form offers a link to finish, the
// mail's link opens in the mail app's browser (another context), she chooses a new password
// there, and she ends friends with her inviter (docs/threat-model-sign-up.md, row 36).
import { outboxIds, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { signUpAgainHref } from '@/features/sign-up/finish-link/lib/sign-up-again';
import { hi, textsOf } from './support/locales';

const ta = textsOf('ta');
import {
  authUserByEmail,
  expectJoined,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  stopSignUpBeforeTheMail,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

/** A sign-up left half-way in Hindi on a phone: made and recorded, then the network goes before the mail. */
async function leftHalfWay(
  browser: ReturnType<typeof useBrowser>,
  inviterId: string,
  person: { name: string; email: string },
) {
  const first = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
  await stopSignUpBeforeTheMail(first);
  await first.goto(`/sign-up/${inviterId}?lg=hi`);
  await takenOver(first);
  await sendSignUpForm(first, { ...person, password: 'first-password-1' }, hi);
  await visible(first.getByRole('alert'));
  expect(await outboxIds(person.email)).toEqual([]);
  return (await authUserByEmail(person.email)).uid;
}

describe('A sign-up left half-way', () => {
  const browser = useBrowser();

  it('is finished in Hindi with another password through the mailed link, opened in the mail app, and befriends', async () => {
    const inviter = await seedInviter();
    const person = { name: 'Mira Nair', email: uniqueEmail('e2e-halfway') };

    const uid = await leftHalfWay(browser, inviter.userId, person);

    // Later, another tab, another password: "already registered", and the link to finish.
    const again = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await again.goto(`/sign-up/${inviter.userId}?lg=hi`);
    await takenOver(again);
    await sendSignUpForm(again, { ...person, password: 'second-password-2' }, hi);
    await visible(again.getByText(hi.signUp.finishLinkOffer));
    await again.getByRole('button', { name: hi.signUp.finishLinkButton, exact: true }).click();
    await visible(again.getByText(hi.signUp.finishLinkSent.replace('{{email}}', person.email)));
    await screenshot(again, 'sign-up-finish-link-sent', 'hi', 'phone');

    const mail = await verificationMail(person.email);
    expect(mail.subject).toBe(`${inviter.name} के निमंत्रण पर Dayfocus में साइन अप पूरा करें`);

    // The mail app's browser: nobody signed in, no language stored.
    const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await mailApp.goto(mail.link);
    await takenOver(mailApp);
    await visible(mailApp.getByRole('heading', { name: hi.signUp.finishTitle }));
    await visible(mailApp.getByText(person.email));
    await screenshot(mailApp, 'sign-up-finish', 'hi', 'phone');
    await mailApp.getByLabel(hi.signUp.password, { exact: true }).fill('third-password-3');
    await mailApp.getByLabel(hi.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    await mailApp.getByRole('button', { name: hi.signUp.finishSubmit, exact: true }).click();

    await reachPath(mailApp, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
    await visible(mailApp.getByText(hi.welcome.activated));
    await screenshot(mailApp, 'sign-up-finish-welcome', 'hi', 'phone');
    await expectJoined(inviter, { uid, name: person.name, email: person.email });
    expect((await authUserByEmail(person.email)).emailVerified).toBe(true);

    // The same link opened again, in Tamil on another phone: she is done and friends, the store
    // ready; no form, no "expired", nothing asked again.
    const reopened = await browser.newPage({ device: 'small-phone', language: 'ta', userAgent: CHROME_ANDROID });
    await reopened.goto(mail.link.replace('lg=hi', 'lg=ta'));
    await reachPath(reopened, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
    await visible(reopened.getByText(ta.welcome.friends.replace('{{name}}', inviter.name), { exact: true }));
    await visible(reopened.getByText(ta.welcome.activated));
    expect(await reopened.getByText(ta.signUp.finishUnusable).count()).toBe(0);
    expect(await reopened.getByLabel(ta.signUp.password, { exact: true }).count()).toBe(0);
    expect(await reopened.locator('[data-store="google-play"]').isEnabled()).toBe(true);
    await screenshot(reopened, 'sign-up-finish-reopened', 'ta', 'small-phone');
  });

  it('offers, from an expired link\'s "sign up again" in another tab, a link to finish mailed to her own address', async () => {
    const inviter = await seedInviter();
    const person = { name: 'Mira Nair', email: uniqueEmail('e2e-resume') };
    const uid = await leftHalfWay(browser, inviter.userId, person);

    // The expired link's page in the mail app's browser, whose "sign up again" knows the account only.
    const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await mailApp.goto(signUpAgainHref(inviter.userId, uid, 'ta'));
    await takenOver(mailApp);
    await visible(mailApp.getByText(ta.signUp.resumeOffer));
    await mailApp.getByRole('button', { name: ta.signUp.finishLinkButton, exact: true }).click();
    await visible(mailApp.getByText(ta.signUp.resumeSent));
    await screenshot(mailApp, 'sign-up-resume-sent', 'ta', 'phone');
    // The page never learns the address; the mail goes to it, in the page's language.
    expect(await mailApp.content()).not.toContain(person.email);
    const mail = await verificationMail(person.email);
    expect(mail.html).toContain('<html lang="ta"');
    expect(new URL(mail.link).hash).toMatch(/^#mode=resetPassword&oobCode=/);
  });

  it('moves the tab that asked for the link on to the welcome page once she finished in another tab of the browser', async () => {
    const inviter = await seedInviter();
    const person = { name: 'Mira Nair', email: uniqueEmail('e2e-asked') };
    const uid = await leftHalfWay(browser, inviter.userId, person);

    // "Already registered" in Tamil, and the link asked for: the tab she will come back to.
    const asked = await browser.newPage({ device: 'small-phone', language: 'ta', userAgent: CHROME_ANDROID });
    await asked.goto(`/sign-up/${inviter.userId}?lg=ta`);
    await takenOver(asked);
    await sendSignUpForm(asked, { ...person, password: 'second-password-2' }, ta);
    await asked.getByRole('button', { name: ta.signUp.finishLinkButton, exact: true }).click();
    await visible(asked.getByText(ta.signUp.finishLinkSent.replace('{{email}}', person.email)));

    // The mail's link in another tab of the same browser (a phone's mail app opens it there).
    const mail = await verificationMail(person.email);
    const mailTab = await asked.context().newPage();
    await mailTab.goto(mail.link);
    await takenOver(mailTab);
    await mailTab.getByLabel(ta.signUp.password, { exact: true }).fill('third-password-3');
    await mailTab.getByLabel(ta.signUp.confirmPassword, { exact: true }).fill('third-password-3');
    await mailTab.getByRole('button', { name: ta.signUp.finishSubmit, exact: true }).click();
    await reachPath(mailTab, new RegExp(`^/welcome/${uid}/${inviter.userId}`));

    // The asking tab no longer offers the link nor says "already registered": it is her welcome page.
    await reachPath(asked, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
    await visible(asked.getByText(ta.welcome.friends.replace('{{name}}', inviter.name), { exact: true }));
    expect(await asked.getByRole('button', { name: ta.signUp.finishLinkButton, exact: true }).count()).toBe(0);
    await screenshot(asked, 'sign-up-asked-tab-moved-on', 'ta', 'small-phone');
  });
});
