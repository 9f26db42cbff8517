// A sign-up on pages drawn before the inviter paused her invitation (docs/inviter-view.md, section
// 8): her invitation page opened, "Sign up" tapped (Google and Apple), and its "with e-mail" (the
// e-mail form), on a phone in Hindi and Tamil; then she pauses in her app (pauseInvitations, the
// app's own call). The form's submit and Google's button each say she is not adding friends
// through this link now, in the page's language, and nothing else: the page stays, nothing moves.
// The form's one call reads her levers before it makes an account, so the form leaves no account;
// Google's sign-in keeps its account with no sign-up recorded; nobody becomes her friend.
import { describe, expect, it } from 'vitest';
import { adminAuth, adminDb, appSignedInAs } from '@dayfocus/stack/testing';
import { completeProviderPopup } from '@dayfocus/stack/provider-sign-in';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { watchLayout } from './support/layout';
import { textsOf, type Language } from './support/locales';
import {
  authUserByEmail,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  settled,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

/** Her app, signed in as her, pauses her invitation (an Auth account for the seeded inviter first). */
async function pauseInHerApp(inviterId: string): Promise<void> {
  const app = await appSignedInAs(inviterId);
  expect(await app.call('pauseInvitations', { paused: true })).toMatchObject({ paused: true, closed: 'paused' });
  await app.close();
}

/** Her invitation page in `language` on a phone, its "Sign up" tapped: the Google and Apple page. */
async function socialPageOf(browser: ReturnType<typeof useBrowser>, inviterId: string, language: Language) {
  const t = textsOf(language);
  const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
  const layout = await watchLayout(page);
  await page.goto(`/feedback/${inviterId}/${language}`);
  await takenOver(page);
  await page.getByRole('link', { name: t.invitation.signUp, exact: true }).click();
  await reachPath(page, new RegExp(`^/social-sign-up/${inviterId}`));
  const google = page.getByRole('button', { name: t.socialSignUp.google });
  const poll = { timeout: 15_000 };
  await expect.poll(() => google.getAttribute('data-popup-ready'), poll).toBe('true');
  return { page, layout, google };
}

describe('A sign-up on pages drawn before she paused her invitation', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const) {
    it(`in ${language === 'hi' ? 'Hindi' : 'Tamil'}, on a phone: the form and Google's button say she is not adding friends now; the form's account keeps its base record only`, async () => {
      const t = textsOf(language);
      const closed = t.invitation.signUpClosed;
      const inviter = await seedInviter({ name: 'Meera Nair' });
      const social = await socialPageOf(browser, inviter.userId, language);
      const form = await socialPageOf(browser, inviter.userId, language);
      await form.page.getByRole('link', { name: t.socialSignUp.email, exact: true }).click();
      await reachPath(form.page, new RegExp(`^/sign-up/${inviter.userId}`));
      await visible(form.page.getByRole('button', { name: t.signUp.submit, exact: true }));

      await pauseInHerApp(inviter.userId);

      // The e-mail form: its one call refuses before it makes an account.
      const invitee = { name: 'Mira Nair', email: uniqueEmail(`e2e-closed-${language}`), password: 'correct-horse' };
      await sendSignUpForm(form.page, invitee, t);
      const alert = form.page.getByRole('alert');
      await visible(alert.getByText(closed, { exact: true }));
      expect(await alert.locator('li, p').allInnerTexts()).toEqual([closed]);
      expect(await form.page.getByText(t.app.genericError).count()).toBe(0);
      await expect
        .poll(() => form.page.getByRole('button', { name: t.signUp.submit, exact: true }).isEnabled())
        .toBe(true);
      expect(new URL(form.page.url()).pathname).toBe(`/sign-up/${inviter.userId}`);
      expect(await form.page.getByLabel(t.signUp.email, { exact: true }).inputValue()).toBe(invitee.email);
      await screenshot(form.page, 'sign-up-closed', language, 'phone');

      // Google's button on the page drawn before: the sign-in passes, completeSocialSignUp refuses.
      // Its fonts and pictures in: the boxes read now are the finished page's. (Not "network idle":
      // in a slow hour of the machine the Tamil page's went past a minute without half a second of it.)
      await settled(social.page);
      const before = await social.layout.boxes();
      const shiftsBefore = await social.layout.shifts();
      const popup = social.page.waitForEvent('popup');
      await social.google.click();
      const googleEmail = uniqueEmail(`e2e-closed-google-${language}`);
      await completeProviderPopup(await popup, { email: googleEmail, displayName: 'Lena Nair' });
      const problem = social.page.locator('.sign-in-problem');
      await visible(problem.getByText(closed, { exact: true }));
      expect(await problem.locator('p').allInnerTexts()).toEqual([closed]);
      await expect.poll(() => social.google.isEnabled()).toBe(true);
      expect(new URL(social.page.url()).pathname).toBe(`/social-sign-up/${inviter.userId}`);
      // Every button and link where it was, and no "Try again": trying again meets the same answer.
      expect(await social.layout.boxes()).toEqual(before);
      expect(await social.layout.shifts()).toBe(shiftsBefore);
      await screenshot(social.page, 'social-sign-up-closed', language, 'phone');

      // Read back: the form made no account; Google's has no sign-up recorded; nobody joined her.
      expect(await adminAuth.getUserByEmail(invitee.email).catch(() => null)).toBeNull();
      const google = await authUserByEmail(googleEmail);
      expect((await adminDb.collection('_signUps').doc(google.uid).get()).exists).toBe(false);
      expect((await adminDb.collection('Friends').where('userId', '==', inviter.userId).get()).size).toBe(0);
      expect((await adminDb.collection('_friendJoins').where('inviterId', '==', inviter.userId).get()).size).toBe(0);
    });
  }
});
