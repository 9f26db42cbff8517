/**
 * The welcome page's activation, whichever way it comes: the `activateAccount` callable (the app,
 * once it has loaded), the welcome page's confirm form (the server's page, before any script:
 * pages/flows/welcome-page-flow.ts), the mail's short code typed in the tab that signed up
 * (`confirmMailCode`), and the browser's proof of the address with no mail at all (`proveEmail`).
 * One source, so that all of them answer alike.
 */
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import type { HandoffPlatform } from '@dayfocus/contracts/sign-in-handoff';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import type { Caller } from '../../platform/domain/caller.js';
import { ACTIVATION_ACCOUNT_REFUSALS, FlowError } from '../../platform/domain/errors.js';
import type { Logger } from '../../platform/flows/ports.js';
import type { InviteFlow } from './invite-flow.js';
import type { MailCodeFlow } from './mail-code-flow.js';

/**
 * One answer to an anonymous caller for whatever keeps an account from activating, so that probing
 * uids tells a script nothing about who has an account or in which state. The welcome page reads it
 * as "not confirmed yet", the usual case. The account itself, signed in, is told which.
 */
export const ANONYMOUS_ACTIVATION_REFUSAL =
  'This account cannot be activated from this link yet: confirm the e-mail address first, or sign in';

export interface WelcomeFlowDeps {
  invites: Pick<InviteFlow, 'activateAccount' | 'completeSocialSignUp'>;
  mailCodes: Pick<MailCodeFlow, 'confirm'>;
  /** The browser's proof of the address (functions/src/email-proof/flows/address-proof-flow.ts). */
  emailProofs: {
    prove(
      caller: Caller,
      input: { token: string; nonce: string; holder: string },
    ): Promise<{ provedSignUp: boolean; inviterId: string | null }>;
  };
  appLinks: {
    /** One read; null when she has none yet. */
    existingLink(inviterId: string): Promise<{ shortLink: string } | null>;
    createAppLink(inviterId: string): Promise<{ shortLink: string }>;
  };
  signIn: {
    /** Null when the handoff's rules give none (a mail no longer fresh, say). */
    mintAtActivation(
      uid: string,
      request: { platform: HandoffPlatform; language?: string | undefined },
    ): Promise<{ code: string; expiresAt: string } | null>;
  };
  logger: Logger;
}

/** The inviter a request names, and that inviter's existing short link, looked up while the join runs. */
interface LinkHint {
  inviterId: string;
  link: Promise<{ shortLink: string } | null>;
}

export interface ActivationInput {
  uid: string;
  inviterId?: string | undefined;
  verificationCode?: string | undefined;
  /** The phone's store the page offers (none on a desktop): a code proving the address mints a sign-in code for it. */
  platform?: HandoffPlatform | undefined;
  /** The page's language, which a reused sign-in code's recovery mail speaks. */
  language?: string | undefined;
}

export class WelcomeFlow {
  constructor(private readonly deps: WelcomeFlowDeps) {}

  /**
   * An anonymous caller hears one refusal for every account state; what was wrong with the link's
   * code (expired, used or malformed) is kept, since the flow says it from the code alone.
   */
  async activate(input: ActivationInput, caller: Caller | null): Promise<ActivationAnswer> {
    if (caller && caller.uid !== input.uid) {
      throw new FlowError('permission-denied', 'Signed in as another account than the one to activate');
    }
    const hint = input.inviterId ? this.hintLink(input.inviterId) : undefined;
    let result;
    try {
      const { uid, inviterId, verificationCode } = input;
      result = await this.deps.invites.activateAccount({ uid, inviterId, verificationCode }, caller);
    } catch (error) {
      const accountState = error instanceof FlowError && ACTIVATION_ACCOUNT_REFUSALS.has(error.code);
      if (!caller && accountState) {
        throw new FlowError('failed-precondition', ANONYMOUS_ACTIVATION_REFUSAL, (error as FlowError).details);
      }
      throw error;
    }
    // Who invited an account is told only to the account itself, or to the link that already
    // names that inviter (the welcome link carries it): a uid alone reveals nothing.
    const told = caller !== null || (input.inviterId !== undefined && input.inviterId === result.inviter?.inviterId);
    const { provedSignUp, ...written } = result;
    return this.answerWithSignIn(written, told ? written.inviter : null, hint, provedSignUp === true, input);
  }

  /**
   * The mail's short code, typed by the signed-in account in the tab that signed up: once it proves
   * the address, the welcome step as the mail's link gives it (the recorded inviter joined once,
   * however often either is used), with the sign-in code of a first proof for the phone's store.
   * A code that does not prove it is refused with the one answer, and nothing is joined.
   */
  async confirmMailCode(
    caller: Caller,
    input: { code: string; platform?: HandoffPlatform | undefined; language?: string | undefined },
  ): Promise<ActivationAnswer> {
    const proof = await this.deps.mailCodes.confirm(caller, { code: input.code });
    return this.welcomeAfterProof(caller, proof, input);
  }

  /**
   * The browser's proof of the signed-in account's address, right after the e-mail sign-up: once
   * it proves the address, the welcome step as the mail's code gives it, with no mail. A token that
   * does not prove it is refused with one answer, and nothing is written or joined.
   */
  async proveEmail(
    caller: Caller,
    input: {
      token: string;
      nonce: string;
      holder: string;
      platform?: HandoffPlatform | undefined;
      language?: string | undefined;
    },
  ): Promise<ActivationAnswer> {
    const { token, nonce, holder, ...rest } = input;
    const proof = await this.deps.emailProofs.prove(caller, { token, nonce, holder });
    return this.welcomeAfterProof(caller, proof, rest);
  }

  /** The recorded inviter joined once the address is proved, however often a proof comes. */
  private async welcomeAfterProof(
    caller: Caller,
    proof: { provedSignUp: boolean; inviterId: string | null },
    input: { platform?: HandoffPlatform | undefined; language?: string | undefined },
  ): Promise<ActivationAnswer> {
    const hint = proof.inviterId ? this.hintLink(proof.inviterId) : undefined;
    const { provedSignUp, ...written } = await this.deps.invites.activateAccount({ uid: caller.uid }, caller);
    const proved = proof.provedSignUp || provedSignUp === true;
    return this.answerWithSignIn(written, written.inviter, hint, proved, { uid: caller.uid, ...input });
  }

  private async answerWithSignIn(
    written: WriteResult & { inviter: InviterCard | null },
    inviter: InviterCard | null,
    hint: LinkHint | undefined,
    provedSignUp: boolean,
    input: Pick<ActivationInput, 'uid' | 'platform' | 'language'>,
  ): Promise<ActivationAnswer> {
    const signIn = provedSignUp && input.platform ? this.signInCode(input.uid, input.platform, input.language) : null;
    const [answer, code] = await Promise.all([this.answer(written, inviter, hint), signIn]);
    return code ? { ...answer, signIn: code } : answer;
  }

  /**
   * The sign-in code of an activation that proved the address (the e-mail's code applied for the
   * first time), so that the store tap of a page with no session (the mail opened in another
   * browser) signs the app in too; null when the handoff gives none. Activation has succeeded by
   * then: a failure here only costs the page the code, as a refused mint on the tap would.
   */
  private async signInCode(uid: string, platform: HandoffPlatform, language: string | undefined) {
    try {
      const code = await this.deps.signIn.mintAtActivation(uid, { platform, language });
      return code ? { ...code, platform } : null;
    } catch (error) {
      this.deps.logger.warn('No sign-in code at activation', { uid, error: String(error) });
      return null;
    }
  }

  /** Answered as activation is, so that the welcome page greets at once. */
  async completeSocialSignUp(caller: Caller, input: { inviterId: string }): Promise<ActivationAnswer> {
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
    result: WriteResult,
    inviter: InviterCard | null,
    hint: LinkHint | undefined,
  ): Promise<ActivationAnswer> {
    if (!inviter) return { ...result, inviter, inviteLink: null };
    const known = inviter.inviterId === hint?.inviterId ? hint.link : undefined;
    return { ...result, inviter, inviteLink: await this.inviteLinkOf(inviter.inviterId, known) };
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
