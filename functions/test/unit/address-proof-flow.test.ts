/**
 * No mail where the browser can prove the address: the sign-up's nonce and the browser's token
 * through their flows (email-proof/flows/address-proof-flow.ts, activation/flows/door.ts),
 * with the Firestore stores against our emulator in this process, Auth in memory, and the local
 * issuer of the stack found through its own DNS server and HTTP origin. A token that proves the
 * account's address joins the inviter once; every other token, and every call while the switch is
 * off, is refused with one answer and changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignUpRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { issuerSigner, presentToken, startEmailIssuer, type LocalEmailIssuer } from '@dayfocus/stack/email-issuer';
import type { Caller } from '../../src/platform/domain/caller.js';
import { InviteFlow } from '../../src/invites/flows/invite-flow.js';
import { LinkLeversStore } from '../../src/invites/adapters/link-levers-store.js';
import { FirestoreInviteControls } from '../../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import {
  AddressProofFlow,
  EMAIL_PROOF_OFF,
  EMAIL_PROOF_REFUSAL,
} from '../../src/email-proof/flows/address-proof-flow.js';
import { FirestoreProofNonces } from '../../src/email-proof/adapters/nonce-store.js';
import { issuerDirectory } from '../../src/email-proof/adapters/issuer-discovery.js';
import { NONCES_PER_HOLDER } from '../../src/email-proof/domain/proof-nonces.js';
import { MemoryAccounts, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { testDoor } from '../door.js';

const ORIGIN = 'https://dayfocus.example';
const ADDRESS = 'mira@mail.dayfocus.test';
const TAB = 'tab-of-mira-0123456789ab';
const OTHER_TAB = 'tab-of-someone-else-0123';

let firestore: EmulatedFirestore;
let issuer: LocalEmailIssuer;
beforeAll(async () => {
  [firestore, issuer] = await Promise.all([
    startEmulatedFirestore(),
    startEmailIssuer({ issuer: 'issuer.dayfocus.test', domains: ['mail.dayfocus.test'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([firestore.stop(), issuer.close()]);
});
beforeEach(() => firestore.clear());

/** Mira's e-mail sign-up on Asha's link, her account just created, with the switch as given. */
async function setup(switchedOn = true) {
  const { db } = firestore;
  const logger = memoryLogger();
  const accounts = new MemoryAccounts();
  const now = () => new Date();
  const store = new FirestoreInviteStore(db, new FunnelStore(db), logger);
  const invites = new InviteFlow({
    store,
    accounts,
    controls: new FirestoreInviteControls(db),
    doors: new LinkLeversStore(db),
    resolvePicture: async () => null,
    logger,
    now,
  });
  const switchState = { on: switchedOn };
  const nonces = new FirestoreProofNonces(db);
  const proofs = new AddressProofFlow({
    enabled: () => switchState.on,
    origin: () => ORIGIN,
    directory: issuerDirectory(issuer.discovery),
    nonces,
    issuance: nonces,
    logger,
    now,
  });
  const { door } = testDoor({ db, store, accounts, logger, now, ways: { 'browser-token': proofs } });
  // proveEmail's way into the door (entry-points/activation-callables.ts).
  const welcome = {
    proveEmail: (caller: Caller, input: { token: string; nonce: string; holder: string }) =>
      door.activate(caller, { uid: caller.uid, way: { kind: 'browser-token', input } }),
  };
  await db.doc(paths.user('asha')).set({ ...inviterRecord({ userId: 'asha' }) });
  accounts.add({ uid: 'mira', email: ADDRESS });
  const mira: Caller = {
    uid: 'mira',
    email: ADDRESS,
    signInProvider: 'password',
    name: undefined,
    // As the ID token says it, signed in at the sign-up: the address not verified yet.
    emailVerified: false,
    authTime: Math.floor(Date.now() / 1000),
  };
  await invites.registerInvitee(mira, { inviterId: 'asha', name: 'Mira' });

  /** What the page would send: the tab's nonce, and the token the browser bound to it. */
  const presented = async (changes: { address?: string; holder?: string; signer?: typeof issuer.signer } = {}) => {
    const { nonce } = await proofs.issueNonce(TAB, '203.0.113.7');
    const token = presentToken(changes.signer ?? issuer.signer, {
      address: changes.address ?? ADDRESS,
      audience: ORIGIN,
      nonce,
    });
    return { token, nonce, holder: changes.holder ?? TAB };
  };
  const prove = (input: { token: string; nonce: string; holder: string }) => welcome.proveEmail(mira, input);
  const signUp = async () => (await db.doc(paths.signUp('mira')).get()).data() as SignUpRecord | undefined;
  const friends = async () => (await db.collection('Friends').where('friendId', '==', 'mira').get()).size;
  const joins = async () => (await db.collection('_friendJoins').get()).size;
  const spentNonces = async () =>
    (await db.collection('_emailProofNonces').get()).docs.filter((doc) => doc.get('spentAt') !== undefined).length;
  const refusals = () =>
    logger.entries.filter((entry) => entry.message === 'E-mail proof refused').map((e) => e.fields?.refusal);
  /** Nothing proved, nobody joined, no nonce spent: the sign-up as it was before the token. */
  const expectNothingChanged = async () => {
    expect(accounts.accounts.get('mira')?.emailVerified).toBe(false);
    expect((await signUp())?.signUpProvedAt).toBeUndefined();
    expect(await friends()).toBe(0);
    expect(await joins()).toBe(0);
    expect(await spentNonces()).toBe(0);
  };
  return {
    db,
    proofs,
    switchState,
    accounts,
    presented,
    prove,
    signUp,
    friends,
    joins,
    spentNonces,
    refusals,
    expectNothingChanged,
  };
}

const refusal = { code: 'invalid-argument', message: EMAIL_PROOF_REFUSAL, details: { emailProof: 'refused' } };

describe("the browser's proof of the address", () => {
  it('proves the signed-in account’s address with no mail: verified, friends with the inviter, one join', async () => {
    const t = await setup();
    const answer = await t.prove(await t.presented());
    expect(answer.inviter?.inviterId).toBe('asha');
    expect(t.accounts.accounts.get('mira')?.emailVerified).toBe(true);
    expect((await t.signUp())?.signUpProvedAt).toEqual(expect.any(String));
    expect(await t.friends()).toBe(1);
    expect(await t.joins()).toBe(1);
    expect(await t.spentNonces()).toBe(1);
  });

  it('refuses the same token and nonce again (a replay), and joins nobody twice', async () => {
    const t = await setup();
    const request = await t.presented();
    await t.prove(request);
    await expect(t.prove(request)).rejects.toMatchObject(refusal);
    expect(t.refusals()).toEqual(['nonce-spent']);
    expect(await t.friends()).toBe(1);
    expect(await t.joins()).toBe(1);
  });

  it('refuses a token signed by a key the issuer does not publish (forged), and changes nothing', async () => {
    const t = await setup();
    const forger = issuerSigner('issuer.dayfocus.test', 'local-1');
    await expect(t.prove(await t.presented({ signer: forger }))).rejects.toMatchObject(refusal);
    expect(t.refusals()).toEqual(['issuer-signature']);
    await t.expectNothingChanged();
  });

  it('refuses a nonce handed to another tab, and leaves it for its own tab', async () => {
    const t = await setup();
    const request = await t.presented({ holder: OTHER_TAB });
    await expect(t.prove(request)).rejects.toMatchObject(refusal);
    expect(t.refusals()).toEqual(['nonce-unknown']);
    await t.expectNothingChanged();
    // The tab that asked for it still can: the other tab's try spent nothing.
    await t.prove({ ...request, holder: TAB });
    expect(await t.friends()).toBe(1);
  });

  it('refuses a token for another address than the account’s, and changes nothing', async () => {
    const t = await setup();
    await expect(t.prove(await t.presented({ address: 'asha@mail.dayfocus.test' }))).rejects.toMatchObject(refusal);
    expect(t.refusals()).toEqual(['address']);
    await t.expectNothingChanged();
  });

  it('hands a tab a dozen nonces an hour, then refuses it', async () => {
    const t = await setup();
    for (let n = 0; n < NONCES_PER_HOLDER.limit; n += 1) await t.proofs.issueNonce(TAB, '203.0.113.7');
    await expect(t.proofs.issueNonce(TAB, '203.0.113.7')).rejects.toMatchObject({ code: 'resource-exhausted' });
    // Another tab is not held by it.
    await t.proofs.issueNonce(OTHER_TAB, '203.0.113.7');
  });
});

describe('switched off (EMAIL_PROOF)', () => {
  it('hands out no nonce and writes nothing', async () => {
    const t = await setup(false);
    await expect(t.proofs.issueNonce(TAB, '203.0.113.7')).rejects.toMatchObject({
      code: 'failed-precondition',
      message: EMAIL_PROOF_OFF,
      details: { emailProof: 'off' },
    });
    expect((await t.db.collection('_emailProofNonces').get()).size).toBe(0);
    expect((await t.db.collection('_emailProofLimits').get()).size).toBe(0);
  });

  it('refuses a token good while it was on, and changes nothing', async () => {
    const t = await setup();
    const request = await t.presented();
    t.switchState.on = false;
    await expect(t.prove(request)).rejects.toMatchObject({ code: 'failed-precondition', message: EMAIL_PROOF_OFF });
    await t.expectNothingChanged();
  });
});
