/**
 * Activation's one door (docs/activation.md). Every proof of an address comes through it, whichever
 * way it was made; the way is data, a key of the table the wiring builds (`ProofWays`), and each way
 * only turns its input into a `Proof` (domain/proofs.ts). Here, for every way alike: the account
 * the call names is read once and the session checked once against it; the way presents its proof;
 * the proof is bound to the account as read (its account, the address it holds, no older than its
 * kind allows) and taken; the address it proved, and only that address, is written verified in one
 * call; the proof is spent; then the one join runs with the account read, and no caller. What
 * activation mints (the sign-in code for the phone's store) reads the proof's own address and time.
 */
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { Phone } from '@dayfocus/contracts/phones';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError } from '../../platform/domain/errors.js';
import { sameAddress } from '../../platform/domain/email-addresses.js';
import { checkSession, disabledAccount } from '../../platform/domain/session.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { JoinRequest } from '../../invites/domain/join-requests.js';
import type { Account, AccountLookup, AddressProofs, Joins } from '../../invites/flows/ports.js';
import {
  claimOf,
  takingRefused,
  isRecorded,
  proofRefusal,
  spendingOf,
  voidedProof,
  type Claim,
  type Presented,
  type Proof,
} from '../domain/proofs.js';
import { refusalFor, UNUSABLE_LINK } from '../domain/refusals.js';

/** A way of proving: its input turned into a proof, for the caller if one is signed in. */
export interface Way<I> {
  present(input: I, caller: Caller | null): Promise<Presented>;
}

/** The ways of proving, one entry each: the table the wiring builds (composition/wiring/activation.ts). */
export interface ProofWays {
  'mail-link': Way<{ uid: string; code: string }>;
  'mail-code': Way<{ code: string }>;
  'browser-token': Way<{ token: string; nonce: string; holder: string }>;
  'finish-link': Way<{ resetCode: string; password?: string | undefined }>;
  provider: Way<{ inviterId: string; way?: InviteWay | undefined }>;
}

/** A way named as data: its key in the table, and its input. */
export type WayRequest = {
  [K in keyof ProofWays]: { kind: K; input: Parameters<ProofWays[K]['present']>[0] };
}[keyof ProofWays];

export interface ActivationRequest {
  /** The account the call names (the link's, or the caller's); none where the way finds it (the finishing link). */
  uid?: string | undefined;
  /** The inviter the call names: only a hint, looked up beside the join. */
  inviterId?: string | undefined;
  /** The phone's store the page offers (none on a desktop): a first proof mints a sign-in code for it. */
  platform?: Phone | undefined;
  /** The page's language, which a reused sign-in code's recovery mail speaks. */
  language?: string | undefined;
  /** The way of proving this call brings; none for an account proved before. */
  way?: WayRequest | undefined;
}

export interface DoorDeps {
  ways: ProofWays;
  /** The one join (invites/flows/join-flow.ts). */
  joins: Joins;
  accounts: Pick<AccountLookup, 'getAccount' | 'verifyAddress'>;
  proofs: Pick<AddressProofs, 'change'>;
  appLinks: {
    /** One read; null when she has none yet. */
    existingLink(inviterId: string): Promise<{ shortLink: string } | null>;
    createAppLink(inviterId: string): Promise<{ shortLink: string }>;
  };
  signIn: {
    /** Null when the handoff's rules give none (a proof no longer fresh, say). */
    mintAtActivation(
      uid: string,
      request: { platform: Phone; language?: string | undefined; proofIssuedAt: string | null; address: string },
    ): Promise<{ code: string; expiresAt: string } | null>;
  };
  logger: Logger;
  now(): Date;
}

/** The inviter a request names, and that inviter's existing short link, looked up while the join runs. */
interface LinkHint {
  inviterId: string;
  link: Promise<{ shortLink: string } | null>;
}

type Proved = Extract<Presented, { proof: Proof }>;

export class ActivationDoor {
  constructor(private readonly deps: DoorDeps) {}

  /**
   * The door. An anonymous caller hears one refusal for every account state; what was wrong with a
   * way's own input (a link's code expired or used, a finishing link, a mail code, a provider) is
   * kept, since the page says it from that input alone.
   */
  async activate(caller: Caller | null, request: ActivationRequest): Promise<ActivationAnswer> {
    const now = this.deps.now();
    const hint = request.inviterId ? this.hintLink(request.inviterId) : undefined;
    let presented: Presented | undefined;
    let outcome;
    try {
      // The account the call names, read once; the session checked once against it, before a way spends anything.
      const named = request.uid === undefined ? null : await this.deps.accounts.getAccount(request.uid);
      if (caller) checkSession(caller, named, request.uid);
      const way = request.way && (this.deps.ways[request.way.kind] as Way<unknown>);
      presented = way && request.way ? await way.present(request.way.input, caller) : undefined;
      outcome = await this.proveAndJoin(request, named, presented, caller === null, now);
    } catch (error) {
      throw refusalFor(error, caller === null);
    }
    const { result, proved, uid } = outcome;
    const extras = presented && 'proof' in presented ? presented.answerExtras : undefined;
    // Who invited an account is told only to the account itself, or to a way or link that already
    // names that inviter (the welcome link carries it): a uid alone reveals nothing.
    const namedInviter = request.inviterId ?? (presented && 'proof' in presented ? presented.inviterId : undefined);
    const told =
      caller !== null ||
      extras !== undefined ||
      (namedInviter !== undefined && namedInviter === result.inviter?.inviterId);
    const mint = proved && request.platform ? this.signInCode(uid, proved, request) : null;
    const [answer, code] = await Promise.all([this.answer(result, told ? result.inviter : null, hint), mint]);
    return { ...answer, ...(code ? { signIn: code } : {}), ...extras };
  }

  /** From the way's proof to the join: the proof bound, taken, its address written, spent; then the join. */
  private async proveAndJoin(
    request: ActivationRequest,
    named: Account | null,
    presented: Presented | undefined,
    anonymous: boolean,
    now: Date,
  ) {
    if (presented && 'unusable' in presented) {
      throw new FlowError('failed-precondition', UNUSABLE_LINK, { verificationLink: presented.unusable });
    }
    const proof = presented?.proof;
    if (proof && request.uid !== undefined && proof.uid !== request.uid) throw presented.refusal();
    const uid = proof?.uid ?? request.uid;
    if (uid === undefined) throw new FlowError('not-found', 'No account with this id');
    const found = request.uid === undefined ? await this.deps.accounts.getAccount(uid) : named;
    if (!found) throw new FlowError('not-found', 'No account with this id');
    if (found.disabled) throw disabledAccount();
    const { account, first } = presented ? await this.prove(found, presented, now) : { account: found, first: null };
    const social = presented?.socialSignUp;
    const join: JoinRequest = social
      ? { kind: 'social-sign-up', inviteeId: uid, account, address: account.email ?? '', ...social }
      : {
          kind: 'activation',
          inviteeId: uid,
          account,
          anonymous,
          linkInviterId: request.inviterId ?? presented?.inviterId,
        };
    // The join's answer whole: its inviter, and whether her invitation was closed or a request waits.
    const result = { ...writeSucceeded, ...(await this.deps.joins.join(join, now)) };
    return { result, proved: first, uid };
  }

  /**
   * Binds the proof to the account as read and takes it; writes the address it proves, verified, in
   * one call beside the issuer's own spending; then spends it. Answers the account as it now is, and
   * the proof when this spending was the sign-up's first proof (what activation may mint from). A
   * proof of an address the account no longer holds is voided for good; one spent before proves
   * nothing new and writes nothing.
   */
  private async prove(
    found: Account,
    presented: Proved,
    now: Date,
  ): Promise<{ account: Account; first: Proof | null }> {
    const { proof } = presented;
    const refusal = proofRefusal(proof, found, now);
    if (!isRecorded(proof)) {
      // The provider's: its address the account's, and verified as Auth keeps the provider's word.
      if (refusal || !found.emailVerified) throw presented.refusal();
      return { account: found, first: null };
    }
    // Auth spent its own code first: nothing to take, nothing to write; the account as Auth left it,
    // read again where this call read it before (a twin call applied the code since).
    if (presented.spentByIssuer) {
      if (refusal) return this.refuse(presented, refusal);
      return { account: found.emailVerified ? found : await this.spentBefore(found), first: null };
    }
    const verifiedBefore = found.emailVerified;
    const claim = await this.deps.proofs.change<Claim>(proof.id, found.uid, (record, signUp) => {
      if (refusal === 'other-address')
        return { record: voidedProof(record, proof, now), signUpUpdate: {}, answer: { kind: 'refused' } };
      if (refusal) return { record: null, signUpUpdate: {}, answer: { kind: 'refused' } };
      const taken = claimOf(record, signUp, { proof, verifiedBefore, now });
      if (taken.kind !== 'claimed' || !taken.fresh) return { record: null, signUpUpdate: {}, answer: taken };
      return { record: taken.record, signUpUpdate: taken.signUpUpdate, answer: taken };
    });
    if (claim.kind === 'refused') return this.refuse(presented, refusal ?? 'taken');
    // Spent before: it proves nothing new. Spent by a twin since this call read the account: read again.
    if (claim.kind === 'spent')
      return { account: found.emailVerified ? found : await this.spentBefore(found), first: null };
    const [written] = await Promise.all([
      verifiedBefore ? ('verified' as const) : this.deps.accounts.verifyAddress(found.uid, proof.address),
      presented.spendAtIssuer?.(),
    ]);
    if (written === 'taken') {
      // Nothing of the taking counts: a retry that Auth refuses again undoes it again.
      await this.deps.proofs.change(proof.id, found.uid, (_record, signUp) => ({
        record: null,
        signUpUpdate: takingRefused(signUp, proof.address),
        answer: null,
      }));
      return this.refuse(presented, 'address-taken');
    }
    const { provesSignUp } = claim;
    const proved = await this.deps.proofs.change<boolean>(proof.id, found.uid, (record, signUp) => {
      const spending = spendingOf(record, signUp, { proof, provesSignUp, now });
      if (!spending) return { record: null, signUpUpdate: {}, answer: false };
      return { ...spending, answer: spending.signUpUpdate.signUpProvedAt !== undefined };
    });
    return { account: { ...found, email: proof.address, emailVerified: true }, first: proved ? proof : null };
  }

  /** The account as a twin presentation left it, still with the address read. */
  private async spentBefore(found: Account): Promise<Account> {
    const now = await this.deps.accounts.getAccount(found.uid);
    return now && !now.disabled && sameAddress(now.email, found.email) ? now : found;
  }

  private refuse(presented: Proved, why: string): never {
    this.deps.logger.warn('Proof of an address refused', { uid: presented.proof.uid, kind: presented.proof.kind, why });
    throw presented.refusal();
  }

  /**
   * The sign-in code of an activation that proved the sign-up, so that the store tap of a page with
   * no session (the mail opened in another browser) signs the app in too; null when the handoff
   * gives none. Activation has succeeded by then: a failure here only costs the page the code, as a
   * refused mint on the tap would. The owner's address is the one the proof proved.
   */
  private async signInCode(uid: string, proof: Proof, request: ActivationRequest) {
    const { platform, language } = request;
    if (!platform) return null;
    try {
      const mint = { platform, language, proofIssuedAt: proof.issuedAt, address: proof.address };
      const code = await this.deps.signIn.mintAtActivation(uid, mint);
      return code ? { ...code, platform } : null;
    } catch (error) {
      this.deps.logger.warn('No sign-in code at activation', { uid, error: String(error) });
      return null;
    }
  }

  /** The link of the inviter a request names, looked up now: nearly always the one joined. */
  private hintLink(inviterId: string): LinkHint {
    const link = this.deps.appLinks.existingLink(inviterId);
    link.catch(() => undefined); // read after the join, or dropped; never an unhandled rejection
    return { inviterId, link };
  }

  private async answer(
    result: WriteResult & { inviter: InviterCard | null; invitationClosed?: true; joinRequested?: true },
    inviter: InviterCard | null,
    hint: LinkHint | undefined,
  ): Promise<ActivationAnswer> {
    const { status, message } = result;
    // Told to whoever holds the proof the door spent: the welcome page's words, not who invited.
    if (result.invitationClosed) return { status, message, inviter: null, inviteLink: null, invitationClosed: true };
    // A request waiting for her (a link that asks her first): the page says she will confirm.
    const requested = result.joinRequested ? { joinRequested: true as const } : {};
    if (!inviter) return { status, message, inviter, inviteLink: null, ...requested };
    const known = inviter.inviterId === hint?.inviterId ? hint.link : undefined;
    return { status, message, inviter, inviteLink: await this.inviteLinkOf(inviter.inviterId, known), ...requested };
  }

  /**
   * The inviter's short link for the welcome page's store links, or null: activation has succeeded
   * by then, and a link that cannot be had only costs the page those extras. `known`: the link
   * looked up beside the join; only an inviter without one waits here for it to be made.
   */
  private async inviteLinkOf(inviterId: string, known?: Promise<{ shortLink: string } | null>): Promise<string | null> {
    try {
      const link = (await known?.catch(() => null)) ?? (await this.deps.appLinks.createAppLink(inviterId));
      return link.shortLink;
    } catch (error) {
      this.deps.logger.warn('No short link for the welcome page', { inviterId, error: String(error) });
      return null;
    }
  }
}
