/**
 * Activation: the one door every proof of an address comes through, whichever way it was made (the
 * mail's link, opened by the welcome page's app or its confirm form; the mail's code typed in the
 * tab that signed up; the browser's token; the link that finishes a half-made sign-up). A way of
 * proving only turns its input into a `Proof` (domain/proofs.ts); here, for every kind alike, the
 * proof is bound to the account as it is now (its account, the address it holds, no older than its
 * kind allows), spent once, the address marked verified, and then the one join runs
 * (invite-flow.ts). What activation mints (the sign-in code for the phone's store) reads the proof's
 * own issue time. Apple and Google sign-ups activate here too, their provider the proof.
 */
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import type { Phone } from '@dayfocus/contracts/phones';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import type { Caller } from '../../platform/domain/caller.js';
import { ACTIVATION_ACCOUNT_REFUSALS, FlowError } from '../../platform/domain/errors.js';
import type { Logger } from '../../platform/flows/ports.js';
import { checkSession, disabledAccount } from '../domain/join-decisions.js';
import { proofRefusal, spendingOf, voidedProof, type Presented, type Proof } from '../domain/proofs.js';
import type { InviteFlow } from './invite-flow.js';
import type { Account, AccountLookup, AddressProofs } from './ports.js';

/**
 * One answer to an anonymous caller for whatever keeps an account from activating, so that probing
 * uids tells a script nothing about who has an account or in which state. The welcome page reads it
 * as "not confirmed yet", the usual case. The account itself, signed in, is told which.
 */
export const ANONYMOUS_ACTIVATION_REFUSAL =
  'This account cannot be activated from this link yet: confirm the e-mail address first, or sign in';

export interface ActivationDeps {
  invites: Pick<InviteFlow, 'activateAccount' | 'completeSocialSignUp'>;
  accounts: AccountLookup;
  proofs: AddressProofs;
  appLinks: {
    /** One read; null when she has none yet. */
    existingLink(inviterId: string): Promise<{ shortLink: string } | null>;
    createAppLink(inviterId: string): Promise<{ shortLink: string }>;
  };
  signIn: {
    /** Null when the handoff's rules give none (a proof no longer fresh, say). */
    mintAtActivation(
      uid: string,
      request: { platform: Phone; language?: string | undefined; proofIssuedAt: string | null },
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

export interface ActivationInput {
  uid: string;
  inviterId?: string | undefined;
  /** The phone's store the page offers (none on a desktop): a first proof mints a sign-in code for it. */
  platform?: Phone | undefined;
  /** The page's language, which a reused sign-in code's recovery mail speaks. */
  language?: string | undefined;
}

export class ActivationFlow {
  constructor(private readonly deps: ActivationDeps) {}

  /**
   * The door. `present`: the way of proving this call brings, if any (an account proved before
   * needs none), turned into its proof here. An anonymous caller hears one refusal for every
   * account state; what was wrong with a link's code (expired, used or malformed) is kept, since the
   * page says it from the code alone.
   */
  async activate(
    input: ActivationInput,
    caller: Caller | null,
    present?: () => Promise<Presented>,
  ): Promise<ActivationAnswer> {
    if (caller && caller.uid !== input.uid) {
      throw new FlowError('permission-denied', 'Signed in as another account than the one to activate');
    }
    const hint = input.inviterId ? this.hintLink(input.inviterId) : undefined;
    let result;
    let presented: Presented | undefined;
    let proved: Proof | null = null;
    // The account as it is now, read while the way makes its proof: one round, not two. A session
    // that no longer counts (revoked since its sign-in, as an address change does) spends nothing.
    const found = present ? this.deps.accounts.getAccount(input.uid) : undefined;
    found?.catch(() => undefined); // awaited below; never an unhandled rejection
    try {
      if (caller && found) checkSession(caller, await found);
      presented = await present?.();
      if (found && presented && 'proof' in presented) proved = await this.spend(caller, await found, presented);
      result = await this.deps.invites.activateAccount({ uid: input.uid, inviterId: input.inviterId }, caller);
    } catch (error) {
      throw this.refusalFor(error, caller, presented);
    }
    // Who invited an account is told only to the account itself, or to the link that already
    // names that inviter (the welcome link carries it): a uid alone reveals nothing.
    const told = caller !== null || (input.inviterId !== undefined && input.inviterId === result.inviter?.inviterId);
    const signIn = proved && input.platform ? this.signInCode(input.uid, proved, input.platform, input.language) : null;
    const [answer, code] = await Promise.all([this.answer(result, told ? result.inviter : null, hint), signIn]);
    return code ? { ...answer, signIn: code } : answer;
  }

  /**
   * Binds the proof to the account as it is now and spends it; answers the proof when this
   * spending was the sign-up's first proof (what activation may mint from), else null. A proof of
   * an address the account no longer holds is voided for good.
   */
  private async spend(caller: Caller | null, found: Account | null, presented: Extract<Presented, { proof: Proof }>) {
    const { proof } = presented;
    const account = caller ? checkSession(caller, found) : found;
    if (!account) throw new FlowError('not-found', 'No account with this id');
    if (account.disabled) throw disabledAccount();
    const { uid } = account;
    const now = this.deps.now();
    const refusal = proofRefusal(proof, account, now);
    const verifiedBefore = account.emailVerified;
    const spending = await this.deps.proofs.spend(proof.id, uid, (record, signUp) => {
      if (refusal === 'other-address')
        return { record: voidedProof(record, proof, now), signUpUpdate: {}, answer: null };
      if (refusal) return { record: null, signUpUpdate: {}, answer: null };
      const spent = spendingOf(record, signUp, { proof, verifiedBefore, now });
      if (spent.kind === 'refused') return { record: null, signUpUpdate: {}, answer: null };
      return { record: spent.first ? spent.record : null, signUpUpdate: spent.signUpUpdate, answer: spent };
    });
    if (!spending) {
      this.deps.logger.warn('Proof of an address refused', { uid, kind: proof.kind, refusal: refusal ?? 'spent' });
      throw presented.refusal();
    }
    if (!verifiedBefore) {
      if (presented.spendAtIssuer) await presented.spendAtIssuer();
      else await this.deps.accounts.markEmailVerified(uid);
    }
    return spending.first && spending.signUpUpdate.signUpProvedAt !== undefined ? proof : null;
  }

  private refusalFor(error: unknown, caller: Caller | null, presented: Presented | undefined): unknown {
    if (!(error instanceof FlowError) || !ACTIVATION_ACCOUNT_REFUSALS.has(error.code)) return error;
    // What a link's refusal says depends on its code alone, never on the account's state.
    const unusable = presented && 'unusable' in presented ? presented.unusable : undefined;
    const details = unusable ? { verificationLink: unusable } : presented ? undefined : error.details;
    if (!caller) return new FlowError('failed-precondition', ANONYMOUS_ACTIVATION_REFUSAL, details);
    return presented && 'proof' in presented ? error : new FlowError(error.code, error.message, details);
  }

  /**
   * The sign-in code of an activation that proved the sign-up, so that the store tap of a page with
   * no session (the mail opened in another browser) signs the app in too; null when the handoff
   * gives none. Activation has succeeded by then: a failure here only costs the page the code, as a
   * refused mint on the tap would.
   */
  private async signInCode(uid: string, proof: Proof, platform: Phone, language: string | undefined) {
    try {
      const request = { platform, language, proofIssuedAt: proof.issuedAt };
      const code = await this.deps.signIn.mintAtActivation(uid, request);
      return code ? { ...code, platform } : null;
    } catch (error) {
      this.deps.logger.warn('No sign-in code at activation', { uid, error: String(error) });
      return null;
    }
  }

  /** Answered as activation is, so that the welcome page greets at once. */
  async completeSocialSignUp(
    caller: Caller,
    input: Parameters<InviteFlow['completeSocialSignUp']>[1],
  ): Promise<ActivationAnswer> {
    const hint = this.hintLink(input.inviterId);
    const result = await this.deps.invites.completeSocialSignUp(caller, input);
    return this.answer(result, result.inviter, hint);
  }

  /**
   * Starts looking up the link of the inviter a request names: in nearly every join that is the
   * inviter joined, so the answer need not wait for the link after.
   */
  private hintLink(inviterId: string): LinkHint {
    const link = this.deps.appLinks.existingLink(inviterId);
    link.catch(() => undefined); // read after the join, or dropped; never an unhandled rejection
    return { inviterId, link };
  }

  private async answer(
    result: WriteResult & { inviter: InviterCard | null; invitationClosed?: true },
    inviter: InviterCard | null,
    hint: LinkHint | undefined,
  ): Promise<ActivationAnswer> {
    const { status, message } = result;
    // Told to whoever holds the proof the door spent: the welcome page's words, not who invited.
    if (result.invitationClosed) return { status, message, inviter: null, inviteLink: null, invitationClosed: true };
    if (!inviter) return { status, message, inviter, inviteLink: null };
    const known = inviter.inviterId === hint?.inviterId ? hint.link : undefined;
    return { status, message, inviter, inviteLink: await this.inviteLinkOf(inviter.inviterId, known) };
  }

  /**
   * The inviter's short link for the welcome page's store links and "Open Dayfocus", or null:
   * activation has succeeded by then, and a link that cannot be had (the optional provider
   * down) only costs the page those extras. `known`: the link looked up beside the join; only
   * an inviter without one waits here for it to be made.
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
