// "Already registered" for her own sign-up left half-way, on a phone (412x915), as the tryout met it:
// the box leads with the one action likely to help (the link to finish, the box's only primary
// action), the page fits about one screen, and its answer says only what is so: asked within the
// minute of the last mail, the link is on its way, not sent, and it does arrive once the minute
// has passed (the server holds the request: sign-up-link-flow.ts).
import { RESEND_MIN_GAP_MS } from '@dayfocus/contracts/limits';
import { outboxIds, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmEmailPath,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { textsOf, type Language } from './support/locales';

/** The tryout's Android phone (CSS pixels). */
const TRYOUT_PHONE = { width: 412, height: 915 };
/** "About one screen": the phone's height, and a little room for a line that wraps in a longer script. */
const ABOUT_ONE_SCREEN = Math.round(TRYOUT_PHONE.height * 1.1);

/** The form of the invitation in `language`, on a phone, sent again for an address already registered. */
async function alreadyRegistered(
  browser: ReturnType<typeof useBrowser>,
  inviterId: string,
  language: Language,
  person: { name: string; email: string },
): Promise<Page> {
  const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
  await page.setViewportSize(TRYOUT_PHONE);
  await page.goto(`/sign-up/${inviterId}?lg=${language}`);
  await takenOver(page);
  await sendSignUpForm(page, { ...person, password: `another-password-${language}` }, textsOf(language));
  await visible(page.getByRole('alert').getByText(textsOf(language).signUp.finishLinkOffer));
  return page;
}

/** The box's actions in order, its primary ones, the page's, and where the form ends. */
async function actions(page: Page) {
  return page.evaluate(() => {
    const name = (element: Element) => element.textContent?.trim() ?? '';
    const box = document.querySelector('[role="alert"]');
    const inBox = box ? [...box.querySelectorAll('button, a.button, a[href]:not([href^="#"])')] : [];
    return {
      boxActions: inBox.map(name),
      boxPrimary: inBox.filter((element) => element.matches('.button-primary')).map(name),
      pagePrimary: [...document.querySelectorAll('.button-primary')].map(name),
      // Where the form ends (its last button), from the top of the page: the footer may come after.
      formEnd: (document.querySelector('form')?.getBoundingClientRect().bottom ?? Infinity) + window.scrollY,
    };
  });
}

describe('An address already registered, on a phone', () => {
  const browser = useBrowser();

  for (const language of ['en', 'hi', 'ta'] as const) {
    it(`in ${language}: the link to finish is the box's first and only primary action, and the form fits about one screen`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const person = { name: 'Mira Nair', email: uniqueEmail(`e2e-in-use-${language}`) };
      const first = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      await first.goto(`/sign-up/${inviter.userId}?lg=${language}`);
      await takenOver(first);
      await sendSignUpForm(first, { ...person, password: 'first-password-1' }, textsOf(language));
      await reachPath(first, confirmEmailPath);

      const page = await alreadyRegistered(browser, inviter.userId, language, person);
      const seen = await actions(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(seen.boxActions[0]).toBe(t.signUp.finishLinkButton);
      expect(seen.boxPrimary).toEqual([t.signUp.finishLinkButton]);
      // One primary action on the page: "Sign up" steps back while the address is the problem.
      expect(seen.pagePrimary).toEqual([t.signUp.finishLinkButton]);
      await screenshot(page, 'sign-up-email-in-use', language, 'phone');
      expect(seen.formEnd).toBeLessThanOrEqual(ABOUT_ONE_SCREEN);

      // A changed address is a new sign-up: "Sign up" is the primary action again.
      await page.getByLabel(t.signUp.email, { exact: true }).fill(uniqueEmail('e2e-in-use-other'));
      expect((await actions(page)).pagePrimary).toEqual([t.signUp.submit]);
    });
  }

  it('asked twice within the minute of the last mail, says the link is on its way, and it arrives once the minute has passed', async () => {
    const inviter = await seedInviter();
    const person = { name: 'Mira Nair', email: uniqueEmail('e2e-in-use-minute') };
    const first = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await first.goto(`/sign-up/${inviter.userId}?lg=hi`);
    await takenOver(first);
    await sendSignUpForm(first, { ...person, password: 'first-password-1' }, textsOf('hi'));
    await reachPath(first, confirmEmailPath);
    // Her sign-up's mail, just sent: the mailbox's minute starts.
    const signUpMail = await verificationMail(person.email);

    for (const language of ['hi', 'ta'] as const) {
      const t = textsOf(language);
      const page = await alreadyRegistered(browser, inviter.userId, language, person);
      await page.getByRole('button', { name: t.signUp.finishLinkButton, exact: true }).click();
      const note = page.getByRole('status').getByText(t.signUp.finishLinkSent.replace('{{email}}', person.email));
      await visible(note);
      // Inside the red box, in the box's own ink: no success green in an error's colours.
      const ink = (locator: typeof note) => locator.evaluate((node) => getComputedStyle(node).color);
      expect(await ink(note)).toBe(await ink(page.locator('.alert-aside')));
      // Nothing more has gone yet: the words must not say it has.
      expect(await outboxIds(person.email)).toEqual([signUpMail.id]);
      await screenshot(page, 'sign-up-finish-link-on-its-way', language, 'phone');
    }

    const finishMail = await verificationMail(person.email, {
      after: [signUpMail.id],
      timeoutMs: RESEND_MIN_GAP_MS + 30_000,
    });
    expect(new URL(finishMail.link).hash).toMatch(/^#mode=resetPassword&oobCode=/);
    // One mail answers both asks of the minute.
    expect(await outboxIds(person.email)).toEqual([signUpMail.id, finishMail.id]);
  }, 150_000);
});
