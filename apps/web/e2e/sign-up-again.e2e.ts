// Coming back to the form, on a phone: "wrong address?" on the check-your-mail page, or the
// browser's back, finds the name and address as they were typed; and a sign-up sent again within
// the minute says that the last mail still holds, never that another went.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { adminAuth, outboxIds } from '@dayfocus/stack/testing';
import { en, hi } from './support/locales';
import {
  chooseLanguage,
  confirmEmailPath,
  reachPath,
  takenOver,
  seedInviter,
  screenshot,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

const invitee = () => ({ name: 'Mira Nair', email: uniqueEmail('e2e-again'), password: 'correct-horse' });

async function openForm(page: Page, inviterId: string) {
  await page.goto(`/sign-up/${inviterId}?lg=en`);
  // The app fills back what this tab typed before, once it has the page.
  await takenOver(page);
}

async function fillAndSend(page: Page, person: ReturnType<typeof invitee>) {
  await page.getByLabel(en.signUp.username, { exact: true }).fill(person.name);
  await page.getByLabel(en.signUp.email, { exact: true }).fill(person.email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill(person.password);
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
  await reachPath(page, confirmEmailPath);
}

const fieldValues = (page: Page) =>
  Promise.all(
    [en.signUp.username, en.signUp.email].map((label) => page.getByLabel(label, { exact: true }).inputValue()),
  );

describe('Back to the form', () => {
  const browser = useBrowser();

  it('"wrong address?" leads back to the form with the name and address filled in', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    await page.getByRole('link', { name: en.confirmEmail.wrongAddress }).click();
    await reachPath(page, new RegExp(`^/sign-up/${inviter.userId}`));
    expect(await fieldValues(page)).toEqual([person.name, person.email]);
  });

  it("the browser's back finds the name and address as typed", async () => {
    const inviter = await seedInviter();
    const person = invitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    await page.goBack();
    await reachPath(page, new RegExp(`^/sign-up/${inviter.userId}`));
    await expect.poll(() => fieldValues(page)).toEqual([person.name, person.email]);
  });

  it('once the address is confirmed, the next person in the same tab finds the form empty (a shared phone)', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    // Verified by someone else than her mail (an administrator): the recorded inviter does not count
    // (docs/joins.md, B), so activation joins nobody, and the welcome page, which had her card from
    // the sign-up's pages, claims no friendship.
    await adminAuth.updateUser((await adminAuth.getUserByEmail(person.email)).uid, { emailVerified: true });
    await reachPath(page, new RegExp(`^/welcome/`));
    await visible(page.getByText(en.welcome.activated));
    expect(await page.getByText(en.welcome.friends.replace('{{name}}', inviter.name)).count()).toBe(0);
    await screenshot(page, 'welcome-no-friend', 'en', 'phone');
    await openForm(page, inviter.userId);
    expect(await fieldValues(page)).toEqual(['', '']);
  });

  it('a sign-up sent again within the minute says the last mail still holds, and sends none', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    await expect.poll(() => outboxIds(person.email).then((ids) => ids.length)).toBe(1);
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    await visible(page.getByText(en.confirmEmail.stillHolds.replace('{{email}}', person.email)));
    expect(await page.getByText(en.confirmEmail.sentTo.replace('{{email}}', person.email)).count()).toBe(0);
    await screenshot(page, 'confirm-email-still-holds', 'en', 'phone');
    expect((await outboxIds(person.email)).length).toBe(1);
  });
});

describe('A language switch on the check-your-mail page', () => {
  const browser = useBrowser();

  it('keeps the address, the resend and the moving on by itself', async () => {
    const inviter = await seedInviter();
    const person = invitee();
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openForm(page, inviter.userId);
    await fillAndSend(page, person);
    await chooseLanguage(page, 'हिन्दी');
    await visible(page.getByText(hi.confirmEmail.sentTo.replace('{{email}}', person.email)));
    await visible(page.getByRole('button', { name: hi.confirmEmail.resend }));
    await adminAuth.updateUser((await adminAuth.getUserByEmail(person.email)).uid, { emailVerified: true });
    await reachPath(page, new RegExp(`^/welcome/`));
  });
});
