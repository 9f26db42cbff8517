/**
 * The link that finishes a sign-up left half-way (docs/app-contract.md's threat model, row 36), by
 * mail: a password-reset code of Auth's, in the fragment of a link to the inviter's sign-up page,
 * which finish-sign-up-flow.ts takes with a new password. Only an unconfirmed e-mail sign-up of
 * this companion is mailed, within the mailbox's limits (mail-limits.ts), which are the
 * verification mail's.
 */
import { href } from '@dayfocus/contracts/page-paths';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import { PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import { mailLogKey, resendDecision, spellingOf } from '../domain/mail-limits.js';
import { laidOutMail, type MailMessage } from '../domain/verification-mail.js';
import { inviterNameForMail } from '../domain/mail-names.js';
import type { MailOutbox, PasswordResets, UserReader } from './ports.js';

export interface SignUpLinkDeps {
  resets: Pick<PasswordResets, 'accountByEmail' | 'accountById' | 'resetCode'>;
  outbox: MailOutbox;
  /** The inviter's record, for the name the mail gives her. */
  users: UserReader;
  textIn(language: unknown): ServerText;
  productDomain(): string;
  now(): Date;
}

function signUpLink(productDomain: string, inviterId: string, language: string): URL {
  const url = new URL(href('sign-up', { inviterId }), productDomain);
  // Even the default language: the mail is opened in a browser that may have no choice stored.
  url.searchParams.set('lg', language);
  return url;
}

export class SignUpLinkFlow {
  constructor(private readonly deps: SignUpLinkDeps) {}

  /**
   * `uid` serves the page of an expired or cut verification link, which knows no address. Every
   * address gets the same answer, mailed or not, so that the call tells nobody who has an account
   * or in which state.
   */
  async mailLink(input: { email: string; language: string } | { uid: string; language: string }): Promise<WriteResult> {
    const account =
      'email' in input
        ? await this.deps.resets.accountByEmail(input.email.trim())
        : await this.deps.resets.accountById(input.uid);
    if (!account || account.disabled || account.emailVerified) return writeSucceeded;
    if (!account.providerIds.includes(PASSWORD_PROVIDER)) return writeSucceeded;
    const inviterId = await this.deps.outbox.invitedBy(account.uid);
    if (!inviterId) return writeSucceeded;

    // Auth's own spelling of the address, to which the sign-up's mails went.
    const to = account.email;
    const key = mailLogKey(to);
    const spelling = spellingOf(to);
    const now = this.deps.now();
    const early = resendDecision(await this.deps.outbox.mailLog(key), now, spelling);
    if (!early.send) return writeSucceeded;

    const text = this.deps.textIn(input.language);
    const link = signUpLink(this.deps.productDomain(), inviterId, text.language);
    const [code, inviter] = await Promise.all([
      this.deps.resets.resetCode(to, link.href),
      this.deps.users.getUser(inviterId),
    ]);
    // In the fragment, which no request carries (the code is a bearer's): the CDN keeps one page
    // for every link, and no log or referrer has the code.
    link.hash = new URLSearchParams({ mode: 'resetPassword', oobCode: code }).toString();
    await this.deps.outbox.send(
      key,
      (log) => resendDecision(log, now, spelling),
      this.mail(to, link, inviter?.name ?? null, text),
    );
    return writeSucceeded;
  }

  private mail(to: string, link: URL, inviterName: string | null, text: ServerText): MailMessage {
    const inviter = inviterNameForMail(inviterName) ?? text.t('verificationMail.someone');
    return laidOutMail(to, link.href, text, 'finishSignUpMail', { inviter });
  }
}
