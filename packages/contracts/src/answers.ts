/** What the callables answer beyond a bare write result, shared with the web app and the tests. */
import type { Phone } from './phones.js';
import type { WriteResult } from './write-result.js';

/** What a public page may know of an inviter. `photoUrl` is null when there is no picture. */
export interface InviterCard {
  inviterId: string;
  name: string;
  photoUrl: string | null;
  /**
   * Her invitation takes no new friend now (she paused it, it expired or reached its limit): set
   * only where the card stands for her invitation (getInviter, the pages), absent when it is open.
   */
  invitationClosed?: true;
  /**
   * Her invitation page reached by her uid alone (or by a link she no longer has) after she
   * replaced her link: it admits nobody, and says to ask her for the new one. Set only on that page.
   */
  invitationReplaced?: true;
}

/** What the welcome page greets with. */
export interface ActivationAnswer extends WriteResult {
  /** The inviter now a friend; null when the account joined nobody. */
  inviter: InviterCard | null;
  /**
   * The inviter's invitation was closed (she paused it, it expired or reached its limit) when
   * the address was confirmed: the account is active and joined nobody; the welcome page says
   * she is not adding friends through this link right now, and offers the app stores.
   */
  invitationClosed?: true;
  /**
   * The account came through a link of hers that asks her first (docs/inviter-view.md, "A link that
   * asks her first"): no friendship yet, a request waits for her; the welcome page says she will
   * confirm. `inviter` is her card all the same (the page greets with her picture).
   */
  joinRequested?: true;
  /** Her short link, for the page's store links and "Open Dayfocus"; null when it cannot be had. */
  inviteLink: string | null;
  /**
   * Minted by the activation that applied its e-mail's code for the first time while the mail was
   * fresh (docs/signed-in-on-arrival.md, section 6): the store tap of a page with no session (the mail
   * opened in another browser) carries it.
   */
  signIn?: { code: string; expiresAt: string; platform: Phone };
}

/**
 * The e-mail sign-up's one call made the account `uid` (its address as Auth keeps it) and recorded
 * it; `retryAfterMs`, as `sendVerificationEmail`'s, once it asked for the mail, null when it did not.
 */
export interface EmailSignUpAnswer {
  uid: string;
  email: string;
  retryAfterMs: number | null;
}

/**
 * A nonce for the sign-up form's hidden `email-verification-token` field, bound to the tab that
 * asked (its holder): spent by the one `proveEmail` that presents it, refused after `expiresAt`.
 */
export interface EmailProofNonce {
  nonce: string;
  expiresAt: string;
}

export interface AppLinkAnswer {
  shortLink: string;
}

/** `resolveAppLink`'s answer: the inviter a code names, and the link's target. */
export interface ResolvedAppLink {
  code: string;
  inviter: InviterCard;
  target: string;
}

/**
 * What applying a verification code did (`activateAccount`'s refusal carries it as
 * `verificationLink`): Auth cannot tell a used code from a malformed one.
 */
export type VerificationOutcome = 'applied' | 'used-or-invalid' | 'expired';

/**
 * `attestByChallenge`'s answer: a proof-of-work challenge to solve (ALTCHA's, as its library
 * makes and solves it), or, for a solved one, an App Check token as a custom provider hands it on
 * (of limited use when asked so) and `other`, one of the other kind: a solved challenge buys one
 * session token and one limited-use token (docs/app-check-fallback.md).
 */
export type AttestationAnswer =
  | { challenge: { parameters: Record<string, unknown>; signature?: string } }
  | { token: string; expireTimeMillis: number; other?: { token: string; expireTimeMillis: number } };
