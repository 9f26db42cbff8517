/**
 * The activation door as the unit tests reach it: the door of functions/src/activation/flows/door.ts
 * over the in-memory accounts and the emulated Firestore, with the ways the callables name, and the
 * two calls most tests make through it (the mail's link, and the provider's sign-up) in the shape
 * their callables take.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../src/platform/domain/caller.js';
import type { Logger } from '../src/platform/flows/ports.js';
import { ActivationDoor, type DoorDeps, type ProofWays } from '../src/activation/flows/door.js';
import { MailLinkWay } from '../src/activation/flows/mail-link-way.js';
import { ProviderWay } from '../src/activation/flows/provider-way.js';
import { FirestoreAddressProofs } from '../src/invites/adapters/address-proofs.js';
import { gatedAccounts, gatedAddressProofs, gatedCodes } from '../src/invites/adapters/gated-ports.js';
import { JoinFlow } from '../src/invites/flows/join-flow.js';
import type { AccountLookup, InviteStore, Joins, VerificationCodes } from '../src/invites/flows/ports.js';

const unused = (what: string) => ({
  present: () => Promise.reject(new Error(`${what} is not part of this test`)),
});

export interface TestDoorDeps {
  db: Firestore;
  store: InviteStore;
  accounts: AccountLookup & VerificationCodes;
  logger: Logger;
  now(): Date;
  /** Wraps the join (a failure before it, say). */
  joins?: (joins: Joins) => Joins;
  ways?: Partial<ProofWays>;
  signIn?: DoorDeps['signIn'];
  proofs?: DoorDeps['proofs'];
  /**
   * Behind the call's write gate as the wiring puts them (composition/wiring/activation.ts): the
   * accounts, Auth's codes and the door's taking and spending of proofs. The store is the test's
   * to gate (gatedInviteStore).
   */
  gated?: boolean;
}

export function testDoor(deps: TestDoorDeps) {
  const { db, logger } = deps;
  const accounts = deps.gated ? gatedAccounts(deps.accounts) : deps.accounts;
  const codes = deps.gated ? gatedCodes(deps.accounts) : deps.accounts;
  const joinFlow = new JoinFlow({
    store: deps.store,
    accounts,
    resolvePicture: async (profileImage) => (typeof profileImage === 'string' ? profileImage : null),
    logger,
  });
  const proofs = new FirestoreAddressProofs(db);
  const mailLinks = new MailLinkWay({ codes, proofs });
  const door = new ActivationDoor({
    ways: {
      'mail-link': mailLinks,
      'mail-code': unused('the mail code'),
      'browser-token': unused("the browser's token"),
      'finish-link': unused('the finishing link'),
      provider: new ProviderWay(),
      ...deps.ways,
    },
    joins: deps.joins ? deps.joins(joinFlow) : joinFlow,
    accounts,
    proofs: deps.proofs ?? (deps.gated ? gatedAddressProofs(proofs) : proofs),
    appLinks: {
      existingLink: async () => null,
      createAppLink: async () => ({ shortLink: 'https://dayfocus.test/l/x' }),
    },
    signIn: deps.signIn ?? { mintAtActivation: async () => null },
    logger,
    now: deps.now,
  });
  return {
    door,
    mailLinks,
    proofs,
    /** `activateAccount` as its callable calls the door. */
    activateAccount: (input: { uid: string; inviterId?: string; verificationCode?: string }, caller: Caller | null) => {
      const { verificationCode: code, ...page } = input;
      return door.activate(caller, {
        ...page,
        way: code ? { kind: 'mail-link', input: { uid: page.uid, code } } : undefined,
      });
    },
    /** `completeSocialSignUp` as its callable calls the door. */
    completeSocialSignUp: (caller: Caller, input: { inviterId: string }) =>
      door.activate(caller, { uid: caller.uid, inviterId: input.inviterId, way: { kind: 'provider', input } }),
  };
}
