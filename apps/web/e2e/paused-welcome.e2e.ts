// A sign-up begun before the inviter paused her invitation and confirmed after (docs/joins-inviter-side.md K):
// the welcome step activates the account, makes no friend, and says so, with the app's store.
import { adminDb, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { textsOf } from './support/locales';
import {
  authUserByEmail,
  openMailLink,
  reachPath,
  screenshot,
  seedInviter,
  signUpByEmail,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

describe('The welcome step of a sign-up whose invitation was paused meanwhile', () => {
  const browser = useBrowser();

  it('in Hindi, on a phone: the account is active, no friend is made, and the page says why', async () => {
    const t = textsOf('hi');
    const inviter = await seedInviter({ name: 'Meera Nair' });
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-paused'), password: 'correct-horse' };
    const page = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await signUpByEmail(page, inviter.userId, invitee, t);
    const { uid } = await authUserByEmail(invitee.email);
    const now = new Date().toISOString();
    await adminDb
      .collection('_inviteControls')
      .doc(inviter.userId)
      .set({ inviterId: inviter.userId, paused: true, updatedAt: now });

    // The mail's link, tapped in the mail app's browser: the tab that signed up moves on by itself.
    const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openMailLink(mailApp, (await verificationMail(invitee.email)).link);
    await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
    await visible(page.getByText(t.welcome.invitationClosed, { exact: true }));
    expect(await page.getByText(t.welcome.friends.replace('{{name}}', inviter.name)).count()).toBe(0);
    await visible(page.locator('[data-store="google-play"]'));
    const friends = await adminDb.collection('Friends').where('userId', '==', inviter.userId).get();
    expect(friends.size).toBe(0);
    await screenshot(page, 'welcome-paused', 'hi', 'phone');
  });
});
