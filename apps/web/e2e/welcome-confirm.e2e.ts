// The welcome page acts from its first paint (docs/invitation-page.md, "The welcome page's
// confirm form"): the e-mail's link shows the one step left as a form the server answers, which
// works without any script; the app, once it has loaded, starts from the server's answer.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { verificationMail } from '@dayfocus/stack/testing';
import { en, hi, textsOf } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  isTakenOver,
  pathOf,
  reachPath,
  readDoc,
  screenshot,
  signUpByEmail,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  type SeededInviter,
} from './support/app';
import { holdTheApp } from './support/hold-app';

/** The e-mail form, filled and sent; answers the link of the verification e-mail it sent (ours). */
async function signUpForLink(page: Page, inviter: SeededInviter, email: string): Promise<string> {
  await signUpByEmail(page, inviter.userId, { name: 'Mira Nair', email, password: 'correct-horse' });
  return (await verificationMail(email)).link;
}

const confirmButton = (page: Page, inviter: SeededInviter) =>
  page.getByRole('button', { name: `Confirm and become friends with ${inviter.name}`, exact: true });
const news = (page: Page, inviter: SeededInviter) =>
  page.getByText(`You and ${inviter.name} are now friends`, { exact: true });

describe("The welcome page's confirm form", () => {
  const browser = useBrowser();

  it('confirms without any script: the friendship, and Google Play with the invite as a real link', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-confirm');
    const link = await signUpForLink(await browser.newPage({ device: 'phone' }), inviter, email);

    // The mail app's browser, its scripts never run.
    const person = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
    await person.goto(link);
    await visible(confirmButton(person, inviter));
    await screenshot(person, 'welcome-confirm', 'en', 'phone');
    const { uid } = await authUserByEmail(email);
    // The link's GET applied nothing.
    expect((await authUserByEmail(email)).emailVerified).toBe(false);
    expect(await readDoc('Friends', `${inviter.userId}_${uid}`)).toBeUndefined();

    await confirmButton(person, inviter).click();
    await visible(news(person, inviter));
    await visible(person.getByText(en.welcome.activated));
    const play = person.locator('a[data-store="google-play"]');
    expect(new URL((await play.getAttribute('href')) ?? '').searchParams.get('referrer')).toMatch(/^invite=/);
    await screenshot(person, 'welcome-confirmed', 'en', 'phone');
    await expectJoined(inviter, { uid, name: 'Mira Nair', email });
  });

  it('is taken over by the app from its answer, which asks nothing again and forgets the code', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-confirm-app');
    const link = await signUpForLink(await browser.newPage({ device: 'phone' }), inviter, email);

    const person = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const activations: string[] = [];
    person.on('request', (request) => {
      if (request.url().includes('/activateAccount')) activations.push(request.method());
    });
    const app = await holdTheApp(person);
    await person.goto(link);
    await confirmButton(person, inviter).click();
    await visible(news(person, inviter));
    expect(await isTakenOver(person)).toBe(false);

    app.release();
    await takenOver(person);
    // The address loses the e-mail's code once the app has the page; the news stays, asked once.
    await reachPath(person, new RegExp(`^/welcome/[^/]+/${inviter.userId}(\\?lg=en)?$`));
    await visible(news(person, inviter));
    expect(activations).toEqual([]);
    expect(pathOf(person)).not.toContain('oobCode');
  });

  it("speaks the link's language without any script: the step, then the news, in Hindi", async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-confirm-hi');
    const link = new URL(await signUpForLink(await browser.newPage({ device: 'phone' }), inviter, email));
    const person = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
    // The link of a sign-up made in Hindi: the welcome page's, with `lg=hi`.
    link.searchParams.set('lg', 'hi');
    await person.goto(link.href);
    const name = inviter.name.replace(/ /g, '\u00a0');
    const button = person.getByRole('button', { name: hi.welcome.confirm.replace('{{name}}', name), exact: true });
    await visible(button);
    await visible(person.getByText(hi.welcome.confirmLead));
    await screenshot(person, 'welcome-confirm', 'hi', 'phone');
    await button.click();
    await visible(person.getByText(hi.welcome.friends.replace('{{name}}', name), { exact: true }));
    await screenshot(person, 'welcome-confirmed', 'hi', 'phone');
  });

  it('in Tamil on a phone, waits for the tap once the app has the page; then nothing below moves when the news comes', async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-confirm-ta');
    const link = new URL(await signUpForLink(await browser.newPage({ device: 'phone' }), inviter, email));
    link.searchParams.set('lg', 'ta');
    const ta = textsOf('ta');

    const person = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    // Lighthouse's phone: where Tamil's step takes three lines.
    await person.setViewportSize({ width: 412, height: 823 });
    const app = await holdTheApp(person);
    await person.goto(link.href);
    const prompt = person.locator('.download-prompt');
    await visible(prompt);
    const top = () => prompt.evaluate((element) => element.getBoundingClientRect().top);
    const before = await top();

    app.release();
    await takenOver(person);
    // The step stays under her finger: nothing activates by itself, and nothing moved.
    const button = person.locator('#welcome-confirm button[type="submit"]');
    await visible(button);
    expect(await top()).toBe(before);
    expect((await authUserByEmail(email)).emailVerified).toBe(false);

    // Her tap: "Activating your account…" holds the news' place until the news comes.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await person.route('**/activateAccount', async (route) => {
      await answered;
      await route.fallback();
    });
    await button.click();
    await visible(person.getByText(ta.welcome.activating));
    const waiting = await top();
    answer();
    await visible(person.getByText(ta.welcome.activated));
    expect(await top()).toBe(waiting);
    await screenshot(person, 'welcome-confirmed-after-tap', 'ta', 'phone');
  });
});
