/**
 * What the e-mail leg's files share (email-leg-*.e2e.ts, docs/arrival.md): an invitee and the form
 * sent for her in the page's language; and for the store tap after it
 * (docs/signed-in-on-arrival.md), her sign-up confirmed from the mail app's browser and the
 * iPhone's "Copy invite and get the app".
 */
import { verificationMail } from '@dayfocus/stack/testing';
import type { Page } from 'playwright-core';
import { en, type Translation } from './locales';
import {
  authUserByEmail,
  openMailLink,
  reachPath,
  seedInviter,
  signUpByEmail,
  tapWithPageClockStill,
  uniqueEmail,
  urls,
  visible,
  type BrowserSession,
  type SeededInviter,
} from './app';

interface Invitee {
  name: string;
  email: string;
  password: string;
}

export function newInvitee(): Invitee {
  return { name: 'Mira Nair', email: uniqueEmail('e2e-leg'), password: 'correct-horse' };
}

/** The form, filled and sent in the page's language; resolves on /confirm-email. */
export function signUpWithEmail(page: Page, inviter: SeededInviter, invitee: Invitee, t: Translation = en) {
  return signUpByEmail(page, inviter.userId, invitee, t);
}

/**
 * An e-mail sign-up on a phone in `browser`, confirmed from the mail app's browser; the tab moves on
 * to the welcome page.
 */
export async function welcomedOn(browser: BrowserSession, userAgent: string) {
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
export async function copyInviteAndComeBack(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
  await page.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
  await tapWithPageClockStill(page.getByRole('button', { name: en.welcome.copyInvite }), async () => {
    await page.waitForURL((url) => url.hostname === 'apps.apple.com');
  });
  await page.goBack();
  await visible(page.getByRole('button', { name: en.welcome.copyInvite }));
  return page.evaluate(() => navigator.clipboard.readText());
}
