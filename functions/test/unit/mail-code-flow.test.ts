/**
 * The mail's short code through its flows (flows/mail-code-flow.ts, activation-flow.ts) with the
 * Firestore stores against our emulator in this process and Auth in memory: what a failure half
 * way leaves. The stack test (test/stack/mail-code.test.ts) holds the rest through the callable.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import type { Caller } from '../../src/platform/domain/caller.js';
import { InviteFlow } from '../../src/invites/flows/invite-flow.js';
import { MailCodeFlow, MAIL_CODE_REFUSAL } from '../../src/invites/flows/mail-code-flow.js';
import { ActivationFlow } from '../../src/invites/flows/activation-flow.js';
import { MailLinkProofs } from '../../src/invites/flows/mail-link-proofs.js';
import { FirestoreAddressProofs } from '../../src/invites/adapters/address-proofs.js';
import { FirestoreInviteControls } from '../../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FirestoreMailCodes } from '../../src/invites/adapters/mail-code-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { issuedMailCode, mailCodeDigest } from '../../src/invites/domain/mail-codes.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';

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
    resolvePicture: async () => null,
    logger,
    now: () => T0,
  });
  const codes = new MailCodeFlow({ codes: new FirestoreMailCodes(db), mailCodeKey: () => key, now: () => T0 });
  const proofs = new FirestoreAddressProofs(db);
  const links = new MailLinkProofs({ codes: accounts, proofs });
  const failures = { activations: 0 };
  const door = new ActivationFlow({
    invites: {
      activateAccount: (input, caller) => {
        if (failures.activations-- > 0) return Promise.reject(new Error('Simulated failure before the join'));
        return invites.activateAccount(input, caller);
      },
      completeSocialSignUp: (caller, input) => invites.completeSocialSignUp(caller, input),
    },
    accounts,
    proofs,
    appLinks: { existingLink: async () => null, createAppLink: async () => ({ shortLink: 'https://l.example/a' }) },
    signIn: { mintAtActivation: async () => null },
    logger,
    now: () => T0,
  });
  // The callables' ways into the door (composition/wiring/activation.ts).
  const welcome = {
    confirmMailCode: (caller: Caller, input: { code: string }) =>
      door.activate({ uid: caller.uid }, caller, () => codes.presented(caller, input)),
    activate: (input: { uid: string; inviterId?: string; verificationCode?: string }, caller: Caller | null) => {
      const { verificationCode: code, ...activating } = input;
      return door.activate(activating, caller, code ? () => links.presented(input.uid, code) : undefined);
    },
  };
  await db.doc(paths.user('asha')).set({ ...inviterRecord({ userId: 'asha' }) });
  accounts.add({ uid: 'mira' });
  const mira: Caller = {
    uid: 'mira',
    email: 'mira@example.com',
    signInProvider: 'password',
    name: undefined,
    authTime: Math.floor(T0.getTime() / 1000),
  };
  await invites.registerInvitee(mira, { inviterId: 'asha', name: 'Mira' });
  await db
    .doc('_mailCodes/mira')
    .set({ code: issuedMailCode(mailCodeDigest(key, 'mira', '042917'), 'mira@example.com', T0) });
  const linkCode = accounts.verificationCode('mira');
  const signUp = async () => (await db.doc(paths.signUp('mira')).get()).data() as SignUpRecord | undefined;
  const friends = async () => (await db.collection('Friends').where('friendId', '==', 'mira').get()).size;
  return { accounts, invites, welcome, failures, mira, linkCode, signUp, friends };
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
    const mark = t.accounts.markEmailVerified.bind(t.accounts);
    t.accounts.markEmailVerified = () => Promise.reject(new Error('Auth unavailable'));
    await expect(t.welcome.confirmMailCode(t.mira, { code: '042917' })).rejects.toThrow(/Auth unavailable/);
    expect(t.accounts.accounts.get('mira')?.emailVerified).toBe(false);
    expect(await t.signUp()).toMatchObject({ signUpProvedAt: T0.toISOString() });
    // Not verified, nobody joined: the proof alone activates nothing.
    await expect(t.welcome.activate({ uid: 'mira' }, t.mira)).rejects.toThrow(/not verified/);
    expect(await t.friends()).toBe(0);

    // The mail's link verifies the address: the inviter is joined.
    t.accounts.markEmailVerified = mark;
    const answer = await t.welcome.activate({ uid: 'mira', verificationCode: t.linkCode }, t.mira);
    expect(answer.inviter?.inviterId).toBe('asha');
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
