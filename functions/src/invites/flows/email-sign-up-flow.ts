/**
 * The e-mail sign-up in one round trip (docs/activation.md, "The e-mail sign-up"): the form's one
 * call makes the account, records the sign-up with its inviter and asks for the verification mail,
 * where the browser once made six calls one after another (Auth's sign-up and lookup, then
 * `registerInvitee` and `sendVerificationEmail`, each with its App Check token). The page signs in
 * with the password she typed while it already shows "check your mail".
 *
 * Every check of those calls holds here: the request's schema (the form's rules), the invitation
 * open, the address's mail limits (verification-mail-flow.ts), App Check (the callable's), and
 * Auth's 100 new accounts an hour per client address, which Auth no longer sees, counted by us
 * (sign-up-limits.ts). A taken address gets the one answer Auth's own sign-up gives; the page then
 * resumes its own half-made sign-up through Auth (a password sign-in, then `registerInvitee`).
 */
import type { EmailSignUpAnswer } from '@dayfocus/contracts/answers';
import { SIGN_UP_BUSY, SIGN_UP_TAKEN } from '@dayfocus/contracts/sign-up-refusals';
import { disabledAccount } from '../../platform/domain/session.js';
import { FlowError } from '../../platform/domain/errors.js';
import type { EmailSignUpInput, InviteFlow } from './invite-flow.js';
import type { VerificationMailFlow } from './verification-mail-flow.js';
import type { Account, AccountMaker, SignUpLimits } from './ports.js';

export interface EmailSignUpDeps {
  accounts: AccountMaker;
  limits: SignUpLimits;
  signUps: Pick<InviteFlow, 'checkSignUpOpen' | 'recordEmailSignUp'>;
  mail: Pick<VerificationMailFlow, 'mailTo'>;
  now(): Date;
}

export interface EmailSignUpRequest extends EmailSignUpInput {
  email: string;
  password: string;
  language: string;
  /** False where the browser's proof of the address is tried first (it sends no mail when it proves). */
  mail: boolean;
}

/** The account just made, as the record's transaction reads it: gone or disabled since, it writes nothing. */
function madeAccount(account: Account | null): Account {
  if (!account) throw new FlowError('aborted', 'The new account was removed while it was being made');
  if (account.disabled) throw disabledAccount();
  return account;
}

export class EmailSignUpFlow {
  constructor(private readonly deps: EmailSignUpDeps) {}

  async start(input: EmailSignUpRequest, client: string): Promise<EmailSignUpAnswer> {
    // The invitation's reads beside the client's count (which waits for the call's App Check token).
    const open = this.deps.signUps.checkSignUpOpen(input.inviterId, input.link);
    open.catch(() => undefined);
    const within = await this.deps.limits.take(client, this.deps.now());
    const known = await open;
    if (!within) throw new FlowError('resource-exhausted', 'Too many new accounts from this network', SIGN_UP_BUSY);

    const made = await this.deps.accounts.createPasswordAccount(input.email.trim(), input.password);
    if (made === 'taken')
      throw new FlowError('already-exists', 'This e-mail address is already registered', SIGN_UP_TAKEN);
    const { uid, email } = made;
    const signUp = { inviterId: input.inviterId, name: input.name, way: input.way, link: input.link };
    await this.deps.signUps.recordEmailSignUp({ uid, email, check: madeAccount }, signUp, known);
    if (!input.mail) return { uid, email, retryAfterMs: null };
    const { retryAfterMs } = await this.deps.mail.mailTo(
      { uid, email, emailVerified: false },
      input.inviterId,
      input.language,
    );
    return { uid, email, retryAfterMs };
  }
}
