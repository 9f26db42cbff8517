// A link that asks her first (docs/inviter-view.md, "A link that asks her first"), on a phone in
// Hindi: her app makes a link for her club with approval; a friend opens its "Continue on the web",
// signs up by e-mail and confirms from the mail app's browser. The welcome step activates the account,
// makes no friend yet, greets with her picture and says she will confirm; her app's pendingJoins
// lists the person, and her approval makes the friendship.
import { describe, expect, it } from 'vitest';
import type { CreatedInviteLink } from '@dayfocus/contracts/invite-links';
import type { PendingJoins } from '@dayfocus/contracts/join-approvals';
import { adminDb, appSignedInAs, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { layoutProblems } from './support/layout';
import { textsOf } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  openMailLink,
  reachPath,
  screenshot,
  seedInviter,
  sendSignUpForm,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

const friendsOf = async (inviterId: string) =>
  (await adminDb.collection('Friends').where('userId', '==', inviterId).get()).size;

describe('A sign-up through a link that asks her first', () => {
  const browser = useBrowser();

  it('in Hindi, on a phone: the welcome step says she will confirm; her approval makes the friendship', async () => {
    const t = textsOf('hi');
    const inviter = await seedInviter({ name: 'Meera Nair' });
    const app = await appSignedInAs(inviter.userId);
    const club = await app.call<CreatedInviteLink>('createInviteLink', { name: 'Book club', approval: true });

    // Her link's "Continue on the web", then its sign-up: the tab keeps the link's code.
    const page = await browser.newPage({ device: 'phone', language: 'hi', userAgent: CHROME_ANDROID });
    await page.goto(`/feedback/${inviter.userId}/hi?via=link&link=${club.code}`);
    await takenOver(page);
    await page.getByRole('link', { name: t.invitation.signUp, exact: true }).click();
    await page.getByRole('link', { name: t.socialSignUp.email, exact: true }).click();
    const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-approval'), password: 'correct-horse' };
    await sendSignUpForm(page, invitee, t);
    await reachPath(page, confirmEmailPath);
    const { uid } = await authUserByEmail(invitee.email);

    // The mail's link, tapped in the mail app's browser: the tab that signed up moves on by itself.
    const mailApp = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    await openMailLink(mailApp, (await verificationMail(invitee.email)).link);
    await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}`));
    await visible(page.getByText(t.welcome.joinRequested.replace('{{name}}', 'Meera\u00a0Nair'), { exact: true }));
    await visible(page.getByRole('img', { name: t.invitation.pictureAlt.replace('{{name}}', 'Meera Nair') }));
    await visible(page.getByText(t.welcome.joinRequestedNote, { exact: true }));
    expect(await page.getByText(t.welcome.friends.replace('{{name}}', 'Meera\u00a0Nair')).count()).toBe(0);
    await visible(page.locator('[data-store="google-play"]'));
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'welcome-join-requested', 'hi', 'phone');
    expect(await friendsOf(inviter.userId)).toBe(0);

    // Her app lists the person; her approval makes the friendship.
    const pending = await app.call<PendingJoins>('pendingJoins', {});
    expect(pending.requests.map((one) => [one.userId, one.link.name])).toEqual([[uid, 'Book club']]);
    expect(await app.call('decideJoin', { userId: uid, approve: true })).toEqual({ outcome: 'friends' });
    expect(await friendsOf(inviter.userId)).toBe(1);
    await app.close();
  });
});
