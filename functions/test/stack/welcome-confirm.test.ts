/**
 * The welcome page's confirm form, through Hosting as a browser without scripts sends it: the
 * e-mail link's GET applies nothing, the form's POST confirms with the link's code as its proof,
 * a code that proves nothing writes nothing and spends none of the account's confirmations, and a
 * code used twice still welcomes (its GET too, once its account has spent it).
 */
import { describe, expect, it } from 'vitest';
import en from '@dayfocus/contracts/locales/en';
import { userAgents } from '@dayfocus/stack/user-agents';
import { verificationEmail } from '@dayfocus/stack/testing';
import {
  adminAuth,
  createInviter,
  emailInviteeAwaitingMail,
  fetchRaw,
  friendsBetween,
  historyOf,
  postWelcomeForm,
  signUpDoc,
  uniqueId,
  userDoc,
} from './support.js';
import { CONFIRMS_PER_ACCOUNT, CONFIRMS_PER_CLIENT } from '../../src/pages/domain/welcome-confirm.js';

const android = userAgents.android['Chrome on Android'];
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

/** What a confirmation would change: the account's address, its records, the friendship and the inviter's history. */
async function stateOf(uid: string, inviterId: string) {
  const account = await adminAuth.getUser(uid);
  return {
    emailVerified: account.emailVerified,
    user: await userDoc(uid),
    signUp: await signUpDoc(uid),
    friends: await friendsBetween(inviterId, uid),
    history: await historyOf(inviterId),
  };
}

/** A new e-mail invitee with its verification e-mail sent: the welcome link, with its code. */
async function emailInviteeWithLink() {
  const inviter = await createInviter();
  const user = await emailInviteeAwaitingMail(inviter.userId);
  const { oobCode } = await verificationEmail(user.email ?? '');
  const link = (code: string) => `/welcome/${user.uid}/${inviter.userId}?lg=en&mode=verifyEmail&oobCode=${code}`;
  return { inviter, uid: user.uid, link, oobCode };
}

/**
 * The form's POST as a browser sends it. Every request of the local stack is one client to the
 * form's limit (no proxy here vouches for a visitor's address), which the local stack raises.
 */
const confirm = (path: string, headers: Record<string, string> = {}) => postWelcomeForm(path, android, headers);

describe('the welcome page confirm form', () => {
  it("names the inviter and applies nothing on the link's GET; the form's POST makes them friends", async () => {
    const { inviter, uid, link, oobCode } = await emailInviteeWithLink();
    const before = await stateOf(uid, inviter.userId);
    expect(before).toMatchObject({ emailVerified: false, friends: [] });

    // A mail scanner, or the person before any tap: the page offers the step, and nothing changes.
    const opened = await fetchRaw(link(oobCode), { userAgent: android });
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.body).toContain('<form id="welcome-confirm"');
    expect(opened.body).toContain(en.web.welcome.confirm.replace('{{name}}', nbsp(inviter.name)));
    expect(await stateOf(uid, inviter.userId)).toEqual(before);

    const answered = await confirm(link(oobCode));
    expect(answered.status).toBe(200);
    expect(answered.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(inviter.name)));
    // Google Play with the invite as its referrer: a real link, before any script.
    expect(answered.body).toMatch(
      /<a href="https:\/\/play\.google\.com\/[^"]*referrer=invite%3D[A-Za-z0-9_-]+"[^>]*data-store="google-play"/,
    );
    expect(await stateOf(uid, inviter.userId)).toMatchObject({
      emailVerified: true,
      user: { isActive: true, isVerified: true },
      friends: [expect.objectContaining({ userId: inviter.userId, friendId: uid })],
      history: [expect.objectContaining({ userId: uid, type: 'friend_join' })],
    });

    // Used twice (a scanner that taps, then the person; or a reload): it still welcomes, once.
    const again = await confirm(link(oobCode));
    expect(again.status).toBe(200);
    expect(again.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(inviter.name)));
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
  });

  it("welcomes on the GET of a link its account has spent, and only then: another account's spent code gets the form", async () => {
    const mira = await emailInviteeWithLink();
    const ravi = await emailInviteeWithLink();
    expect((await confirm(mira.link(mira.oobCode))).status).toBe(200);
    const friendsOf = () => friendsBetween(mira.inviter.userId, mira.uid);
    const made = { friends: await friendsOf(), history: await historyOf(mira.inviter.userId) };

    const again = await fetchRaw(mira.link(mira.oobCode), { userAgent: android });
    expect(again.status).toBe(200);
    expect(again.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(mira.inviter.name)));
    expect(again.body).not.toContain('id="welcome-confirm"');
    expect({ friends: await friendsOf(), history: await historyOf(mira.inviter.userId) }).toEqual(made);

    // Mira's spent code under Ravi's uid proves nothing of Ravi: his page offers the step, unchanged.
    const before = await stateOf(ravi.uid, ravi.inviter.userId);
    const stranger = await fetchRaw(ravi.link(mira.oobCode), { userAgent: android });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toContain('<form id="welcome-confirm"');
    expect(stranger.body).not.toContain(en.web.welcome.friends.replace('{{name}}', nbsp(ravi.inviter.name)));
    expect(await stateOf(ravi.uid, ravi.inviter.userId)).toEqual(before);
  });

  it("spends none of the owner's confirmations on a stranger's tries with codes that prove nothing", async () => {
    const { inviter, uid, link, oobCode } = await emailInviteeWithLink();
    const before = await stateOf(uid, inviter.userId);
    // Someone who knows the uid (it is in the link), as many times as the account may confirm.
    const stranger = [];
    for (let i = 0; i < CONFIRMS_PER_ACCOUNT; i++) {
      const tried = await confirm(link(`made-up-${uniqueId('code')}`), { 'x-forwarded-for': `198.51.100.${i}` });
      stranger.push(tried.status);
    }
    expect(stranger).toEqual(Array.from({ length: CONFIRMS_PER_ACCOUNT }, () => 403));
    expect(await stateOf(uid, inviter.userId)).toEqual(before);

    const owner = await confirm(link(oobCode));
    expect(owner.status).toBe(200);
    expect(owner.body).toContain(en.web.welcome.friends.replace('{{name}}', nbsp(inviter.name)));
    expect(await friendsBetween(inviter.userId, uid)).toHaveLength(1);
  });

  it("lets the machine's one client post more than a deployment's per-client limit: every browser here is that client", async () => {
    // Tests and browsers side by side all reach the form as 'unknown' (client-address.test.ts):
    // a deployment's 30 tries in 10 minutes would be theirs together. The account keeps its own
    // limit, which tries with codes that prove nothing never spend.
    const { link } = await emailInviteeWithLink();
    const statuses = [];
    for (let i = 0; i <= CONFIRMS_PER_CLIENT; i++)
      statuses.push((await confirm(link(`made-up-${uniqueId('code')}`))).status);
    expect(statuses).toEqual(Array.from({ length: CONFIRMS_PER_CLIENT + 1 }, () => 403));
  });

  it('writes nothing for a code that proves nothing, and says the link is no good', async () => {
    const { inviter, uid, link } = await emailInviteeWithLink();
    const before = await stateOf(uid, inviter.userId);
    const refused = await confirm(link(`made-up-${uniqueId('code')}`));
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(en.web.welcome.linkInvalid);
    expect(refused.body).not.toContain('id="welcome-confirm"');
    expect(await stateOf(uid, inviter.userId)).toEqual(before);
  });
});
