/**
 * Every callable function by name, with what it takes and what it answers: the one list the
 * web app's `callFunction` and the server's `callable` are both typed by, so that a wrong name
 * or payload is a type error on either side.
 */
import type { ActivationAnswer, AppLinkAnswer, InviterCard, ResolvedAppLink } from './answers.js';
import type {
  AcceptInviteRequest,
  ActivateAccountRequest,
  CompleteSocialSignUpRequest,
  CreateAppLinkRequest,
  CreateSignInHandoffRequest,
  GetInviterRequest,
  RedeemSignInHandoffRequest,
  RegisterInviteeRequest,
  ResolveAppLinkRequest,
  RevokeSignInHandoffRequest,
  SendVerificationEmailRequest,
} from './requests.js';
import type { WriteResult } from './write-result.js';

export interface Callables {
  /** Public: the inviter's name and picture. */
  getInviter: { request: GetInviterRequest; answer: InviterCard };
  /** Public: the inviter's short link ("I already have an account"). */
  createAppLink: { request: CreateAppLinkRequest; answer: AppLinkAnswer };
  /** Signed in with e-mail and password, right after the account was made. */
  registerInvitee: { request: RegisterInviteeRequest; answer: WriteResult };
  /**
   * Signed in with e-mail and password: the verification e-mail, ours (written in the page's
   * language, naming the inviter), within the address's limits. One answer whatever the
   * address's state: when the next one may be asked for.
   */
  sendVerificationEmail: { request: SendVerificationEmailRequest; answer: { retryAfterMs: number } };
  /** From the verification link, signed in or not. */
  activateAccount: { request: ActivateAccountRequest; answer: ActivationAnswer };
  /** Signed in with Apple or Google. */
  completeSocialSignUp: { request: CompleteSocialSignUpRequest; answer: ActivationAnswer };
  /** The mobile app: who invited, from a short link's code. */
  resolveAppLink: { request: ResolveAppLinkRequest; answer: ResolvedAppLink };
  /** The mobile app: "Add Asha as a friend?" accepted. */
  acceptInvite: { request: AcceptInviteRequest; answer: { inviter: InviterCard } };
  /**
   * "Get the app" on the welcome page, signed in with an activated account: a code that signs the
   * app in once (docs/app-contract.md, section 6), valid until `expiresAt` (ISO).
   */
  createSignInHandoff: { request: CreateSignInHandoffRequest; answer: { code: string; expiresAt: string } };
  /** The mobile app's first start: a handoff code for a custom token of the account that made it. */
  redeemSignInHandoff: { request: RedeemSignInHandoffRequest; answer: { customToken: string } };
  /** The mobile app, signed in by a handoff: "Not you?" ends every session of the account. */
  revokeSignInHandoff: { request: RevokeSignInHandoffRequest; answer: { revoked: true } };
}

export type CallableName = keyof Callables;
export type RequestOf<N extends CallableName> = Callables[N]['request'];
export type AnswerOf<N extends CallableName> = Callables[N]['answer'];
