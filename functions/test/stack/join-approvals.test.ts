/**
 * A link that asks her first (docs/inviter-view.md, "A link that asks her first"), through the
 * callables on the local stack: a join through it (the app's "accept", a web sign-up on its pages)
 * makes a request, which tells her with a push and a history entry; `pendingJoins` lists it and
 * `decideJoin` makes the friendship (with the join's push and entry) or declines it (nothing).
 */
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer, EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import type { CreatedInviteLink } from '@dayfocus/contracts/invite-links';
import type { PendingJoins } from '@dayfocus/contracts/join-approvals';
import {
  callAnonymously,
  friendsBetween,
  historyOf,
  joinsDelivered,
  openVerificationLink,
  pushesTo,
  refusalOf,
  signedInApp,
  uniqueId,
} from './support.js';

/** Asha, signed in in her app, with a link for her club that asks her first. */
async function inviterWithClubLink() {
  const asha = await signedInApp();
  const club = await asha.app.call<CreatedInviteLink>('createInviteLink', { name: 'Club', approval: true });
  return { ...asha, club, token: String(asha.record.fcmToken) };
}

describe('a link that asks her first', () => {
  it("the app's accept asks her; she is told, lists it, approves: friends, with the join's push and entry", async () => {
    const asha = await inviterWithClubLink();
    const ravi = await signedInApp('ios');
    expect(await ravi.app.call('acceptInvite', { code: asha.club.code })).toMatchObject({
      inviter: { inviterId: asha.uid },
      joinRequested: true,
    });
    expect(await friendsBetween(asha.uid, ravi.uid)).toEqual([]);
    expect(await historyOf(asha.uid)).toEqual([
      expect.objectContaining({ type: 'join_request', userId: ravi.uid, message: 'Leela I. asks to join you' }),
    ]);
    expect((await pushesTo(asha.token)).map((push) => push.message.data?.type)).toEqual(['join_request']);

    const pending = await asha.app.call<PendingJoins>('pendingJoins', {});
    expect(pending).toMatchObject({
      requests: [{ userId: ravi.uid, name: 'Leela I.', link: { code: asha.club.code, name: 'Club' } }],
      more: false,
    });
    // Nobody else decides for her.
    const stranger = await signedInApp();
    expect(await refusalOf(stranger.app.call('decideJoin', { userId: ravi.uid, approve: true }))).toMatchObject({
      code: 'functions/not-found',
    });

    expect(await asha.app.call('decideJoin', { userId: ravi.uid, approve: true })).toEqual({ outcome: 'friends' });
    expect(await friendsBetween(asha.uid, ravi.uid)).not.toEqual([]);
    expect((await historyOf(asha.uid)).map((entry) => entry.type)).toEqual(['join_request', 'friend_join']);
    await joinsDelivered(asha.uid);
    expect((await pushesTo(asha.token)).map((push) => push.message.data?.type).sort()).toEqual([
      'friend_join',
      'join_request',
    ]);
    expect((await asha.app.call<PendingJoins>('pendingJoins', {})).requests).toEqual([]);
    await Promise.all([asha.app.close(), ravi.app.close(), stranger.app.close()]);
  });

  it('a web sign-up on its pages: the welcome answer says she will confirm; declined, nothing is made', async () => {
    const asha = await inviterWithClubLink();
    const email = `${uniqueId('asked')}@example.com`;
    const signUp = { inviterId: asha.uid, name: 'Mira Nair', email, password: 'correct-horse-7', language: 'en' };
    const { uid } = await callAnonymously<EmailSignUpAnswer>('signUpWithEmail', {
      ...signUp,
      mail: true,
      link: asha.club.code,
    });
    const welcome = await openVerificationLink<ActivationAnswer>(email, uid, asha.uid);
    expect(welcome).toMatchObject({ inviter: { inviterId: asha.uid }, joinRequested: true });
    expect(await friendsBetween(asha.uid, uid)).toEqual([]);
    // She is told before she decides: a decision taken before the trigger delivered the request
    // drops its entry and push (domain/approvals.ts), which is not what this test is about.
    expect((await historyOf(asha.uid)).map((entry) => entry.type)).toEqual(['join_request']);
    expect((await pushesTo(asha.token)).map((push) => push.message.data?.type)).toEqual(['join_request']);

    expect(await asha.app.call('decideJoin', { userId: uid, approve: false })).toEqual({ outcome: 'declined' });
    expect(await friendsBetween(asha.uid, uid)).toEqual([]);
    expect((await historyOf(asha.uid)).map((entry) => entry.type)).toEqual(['join_request']);
    expect((await pushesTo(asha.token)).map((push) => push.message.data?.type)).toEqual(['join_request']);
    expect((await asha.app.call<PendingJoins>('pendingJoins', {})).requests).toEqual([]);
    await asha.app.close();
  });
});
