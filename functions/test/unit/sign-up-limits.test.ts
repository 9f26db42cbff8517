/**
 * The server's e-mail sign-up makes accounts itself, where Auth's limit of new accounts per IP
 * address no longer sees the visitor: ours holds instead (invites/domain/sign-up-limits.ts). The
 * flow with the Firestore limits against our emulator in this process, Auth in memory.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { SIGN_UP_BUSY } from '@dayfocus/contracts/sign-up-refusals';
import { InviteFlow } from '../../src/invites/flows/invite-flow.js';
import { LinkLeversStore } from '../../src/invites/adapters/link-levers-store.js';
import { EmailSignUpFlow } from '../../src/invites/flows/email-sign-up-flow.js';
import { FirestoreInviteControls } from '../../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FirestoreSignUpLimits } from '../../src/invites/adapters/sign-up-limits-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { SIGN_UPS_PER_CLIENT } from '../../src/invites/domain/sign-up-limits.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { flowRefusalOf } from '../flow-refusals.js';

const HOUR = 60 * 60_000;

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(() => firestore.stop());
beforeEach(() => firestore.clear());

/** The flow with a limit of `limit` an hour, its clock at `clock.now`; no mail is asked for in these tries. */
async function setup(limit: number) {
  const { db } = firestore;
  const clock = { now: new Date('2026-11-29T10:00:00Z') };
  const accounts = new MemoryAccounts();
  const invites = new InviteFlow({
    store: new FirestoreInviteStore(db, new FunnelStore(db), memoryLogger()),
    accounts,
    controls: new FirestoreInviteControls(db),
    doors: new LinkLeversStore(db),
    resolvePicture: async () => null,
    logger: memoryLogger(),
    now: () => clock.now,
  });
  const flow = new EmailSignUpFlow({
    accounts,
    limits: new FirestoreSignUpLimits(db, { ...SIGN_UPS_PER_CLIENT, limit }),
    signUps: invites,
    mail: {
      mailTo: () => Promise.reject(new Error('No mail is asked for in these tries')),
    },
    now: () => clock.now,
  });
  await db.doc(paths.user('asha')).set(inviterRecord({ userId: 'asha' }));
  let n = 0;
  const signUp = (client: string) =>
    flow.start(
      {
        inviterId: 'asha',
        name: 'Mira',
        email: `mira-${n++}@example.com`,
        password: 'pass-word-1',
        language: 'en',
        mail: false,
      },
      client,
    );
  return { flow, accounts, clock, signUp, db };
}

describe('new accounts per client', () => {
  it("is Auth's own figure: 100 an hour", () => {
    expect(SIGN_UPS_PER_CLIENT).toEqual({ limit: 100, windowMs: HOUR });
  });

  it('makes the limit of one client, refuses the next with busy and makes no account, and takes another client', async () => {
    const { accounts, signUp } = await setup(3);
    for (let i = 0; i < 3; i++) await signUp('203.0.113.7');
    const refusal = await flowRefusalOf(signUp('203.0.113.7'));
    expect(refusal.code).toBe('resource-exhausted');
    expect(refusal.details).toEqual(SIGN_UP_BUSY);
    expect(accounts.accounts.size).toBe(3);
    await signUp('198.51.100.1');
    expect(accounts.accounts.size).toBe(4);
  });

  it('takes the client again once its hour has passed', async () => {
    const { clock, signUp } = await setup(2);
    await signUp('203.0.113.7');
    await signUp('203.0.113.7');
    await flowRefusalOf(signUp('203.0.113.7'));
    clock.now = new Date(clock.now.getTime() + HOUR + 1);
    await expect(signUp('203.0.113.7')).resolves.toMatchObject({ uid: expect.any(String) });
  });

  it('holds under tries at once: six against a limit of three make three accounts', async () => {
    const { accounts, signUp } = await setup(3);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => signUp('203.0.113.7')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(accounts.accounts.size).toBe(3);
  });

  it('keeps no client address in the clear', async () => {
    const { db, signUp } = await setup(3);
    await signUp('203.0.113.7');
    const ids = (await db.collection('_signUpLimits').get()).docs.map((doc) => doc.id);
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toContain('203.0.113.7');
    expect(ids[0]).toMatch(/^client-[A-Za-z0-9_-]{43}$/);
  });
});
