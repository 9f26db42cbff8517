/**
 * The mail's short code through the one door (activation/flows/mail-code-way.ts, door.ts) with the
 * Firestore stores against our emulator in this process and Auth in memory: what a failure half
 * way leaves. The stack test (test/stack/mail-code.test.ts) holds the rest through the callable.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import type { Caller } from '../../src/platform/domain/caller.js';
import { InviteFlow } from '../../src/invites/flows/invite-flow.js';
import { LinkLeversStore } from '../../src/invites/adapters/link-levers-store.js';
import { MailCodeWay, MAIL_CODE_REFUSAL } from '../../src/activation/flows/mail-code-way.js';
import { FirestoreInviteControls } from '../../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FirestoreMailCodes } from '../../src/invites/adapters/mail-code-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { issuedMailCode, mailCodeDigest } from '../../src/invites/domain/mail-codes.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { testDoor } from '../door.js';

const T0 = new Date('2026-11-27T10:00:00.000Z');
const key = Buffer.alloc(32, 3);

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(async () => {
  await firestore.stop();
});
beforeEach(() => firestore.clear());

/** Mira's e-mail sign-up on Asha's link, her mail's code `042917` stored as the outbox stores it. */
async function setup() {
  const { db } = firestore;
  const logger = memoryLogger();
  const accounts = new MemoryAccounts();
  const store = new FirestoreInviteStore(db, new FunnelStore(db), logger);
  const controls = new FirestoreInviteControls(db);
  const invites = new InviteFlow({
    store,
    accounts,
    controls,
    doors: new LinkLeversStore(db),
    resolvePicture: async () => null,
    logger,
    now: () => T0,
  });
  const codes = new MailCodeWay({ codes: new FirestoreMailCodes(db), mailCodeKey: () => key, now: () => T0 });
  const failures = { activations: 0 };
  const { door, activateAccount } = testDoor({
    db,
    store,
    accounts,
    logger,
    now: () => T0,
    ways: { 'mail-code': codes },
    joins: (joins) => ({
      join: (request, now) => {
        if (failures.activations-- > 0) return Promise.reject(new Error('Simulated failure before the join'));
        return joins.join(request, now);
      },
    }),
  });
  // The callables' ways into the door (entry-points/activation-callables.ts).
  const welcome = {
    confirmMailCode: (caller: Caller, input: { code: string }) =>
      door.activate(caller, { uid: caller.uid, way: { kind: 'mail-code', input } }),
    activate: activateAccount,
  };
  await db.doc(paths.user('asha')).set({ ...inviterRecord({ userId: 'asha' }) });
  accounts.add({ uid: 'mira' });
  const mira: Caller = {
    uid: 'mira',
    email: 'mira@example.com',
    signInProvider: 'password',
    name: undefined,
    // As the ID token says it, signed in at the sign-up: the address not verified yet.
    emailVerified: false,
    authTime: Math.floor(T0.getTime() / 1000),
  };
  await invites.registerInvitee(mira, { inviterId: 'asha', name: 'Mira' });
  await db
    .doc('_mailCodes/mira')
    .set({ code: issuedMailCode(mailCodeDigest(key, 'mira', '042917'), 'mira@example.com', T0) });
  const linkCode = accounts.verificationCode('mira');
  const signUp = async () => (await db.doc(paths.signUp('mira')).get()).data() as SignUpRecord | undefined;
  const friends = async () => (await db.collection('Friends').where('friendId', '==', 'mira').get()).size;
  const codeProof = async () =>
    (await db.doc(`_addressProofs/code-${mailCodeDigest(key, 'mira', '042917')}`).get()).data();
  return { accounts, invites, welcome, failures, mira, linkCode, signUp, friends, codeProof };
}

describe('the mail code, half way', () => {
  it('loses no proof when the join fails after the address was marked verified: the link then joins', async () => {
    const t = await setup();
    t.failures.activations = 1;
    await expect(t.welcome.confirmMailCode(t.mira, { code: '042917' })).rejects.toThrow(/Simulated failure/);
    // The code is spent and the address verified, with the sign-up's proof recorded before it.
    expect(t.accounts.accounts.get('mira')?.emailVerified).toBe(true);
    expect(await t.signUp()).toMatchObject({ signUpProvedAt: T0.toISOString() });
    await expect(t.welcome.confirmMailCode(t.mira, { code: '042917' })).rejects.toThrow(MAIL_CODE_REFUSAL);
    expect(await t.friends()).toBe(0);

    // The mail's link, applied on an address verified already, proves nothing itself: the code's
    // proof counts, and the inviter is joined once.
    const answer = await t.welcome.activate({ uid: 'mira', inviterId: 'asha', verificationCode: t.linkCode }, null);
    expect(answer.inviter?.inviterId).toBe('asha');
    expect(await t.friends()).toBe(1);
  });

  it("refuses the code again when Auth fails to mark the address, and the mail's link then joins", async () => {
    const t = await setup();
    const verify = t.accounts.verifyAddress.bind(t.accounts);
    t.accounts.verifyAddress = () => Promise.reject(new Error('Auth unavailable'));
    await expect(t.welcome.confirmMailCode(t.mira, { code: '042917' })).rejects.toThrow(/Auth unavailable/);
    expect(t.accounts.accounts.get('mira')?.emailVerified).toBe(false);
    // The proof is taken, and keeps that it proves the sign-up; nothing is spent or marked until Auth has the address.
    expect(await t.codeProof()).toMatchObject({ claimedAt: T0.toISOString(), provesSignUp: true });
    expect(await t.codeProof()).not.toHaveProperty('spentAt');
    expect((await t.signUp())?.signUpProvedAt).toBeUndefined();
    await expect(t.welcome.confirmMailCode(t.mira, { code: '042917' })).rejects.toThrow(MAIL_CODE_REFUSAL);
    // Not verified, nobody joined: the proof alone activates nothing.
    await expect(t.welcome.activate({ uid: 'mira' }, t.mira)).rejects.toThrow(/not verified/);
    expect(await t.friends()).toBe(0);

    // The mail's link verifies the address: the inviter is joined.
    t.accounts.verifyAddress = verify;
    const answer = await t.welcome.activate({ uid: 'mira', verificationCode: t.linkCode }, t.mira);
    expect(answer.inviter?.inviterId).toBe('asha');
    expect(await t.signUp()).toMatchObject({ signUpProvedAt: T0.toISOString() });
    expect(await t.friends()).toBe(1);
  });

  it('records no proof for an address some other proof verified first, and joins nobody', async () => {
    const t = await setup();
    const account = t.accounts.accounts.get('mira');
    if (account) account.emailVerified = true; // an administrator, a password reset
    const answer = await t.welcome.confirmMailCode(t.mira, { code: '042917' });
    expect(answer.inviter).toBeNull();
    expect((await t.signUp())?.signUpProvedAt).toBeUndefined();
    expect(await t.friends()).toBe(0);
  });
});
