/**
 * A sign-up left half-way finished by whoever holds the mailbox (docs/app-contract.md's threat
 * model, row 36): the account made and recorded (registerInvitee) but never confirmed, because
 * App Check refused, the network went or the page closed, and tried again with another password.
 * The form cannot take the new password (the account is someone's, maybe a stranger's who typed
 * her address first), so the proof comes through the mail: `mailLink` mails a password-reset code
 * of Auth's, in the fragment of a link to the inviter's sign-up page, and `finish` takes that code
 * and a new password, sets it, and only then confirms the address with the sign-up's own
 * verification code, so that the inviter joins as the verification mail would have made her. A
 * stranger's password never ends on a confirmed account.
 */
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { FinishSignUpAnswer } from '@dayfocus/contracts/finish-sign-up-functions';
import { href } from '@dayfocus/contracts/page-paths';
import type { HandoffPlatform } from '@dayfocus/contracts/sign-in-handoff';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import { mailLogKey, resendDecision, spellingOf } from '../domain/mail-limits.js';
import { laidOutMail, type MailMessage } from '../domain/verification-mail.js';
import { inviterNameForMail } from '../domain/mail-names.js';
import { welcomeLink } from './verification-mail-flow.js';
import type { MailOutbox, PasswordResets, UserReader, VerificationLinks } from './ports.js';

export interface FinishSignUpDeps {
  resets: PasswordResets;
  outbox: MailOutbox;
  users: UserReader;
  links: VerificationLinks;
  /** The welcome page's activation (welcome-flow.ts): the verification code applied, the inviter joined. */
  activate(
    input: {
      uid: string;
      inviterId: string;
      verificationCode?: string | undefined;
      platform?: HandoffPlatform | undefined;
      language?: string | undefined;
    },
    caller: Caller | null,
  ): Promise<ActivationAnswer>;
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

/** One answer whatever the reason, so that no mailbox is told anything. */
const unusableLink = (reason: 'expired' | 'used-or-invalid') =>
  new FlowError('invalid-argument', 'This link to finish signing up cannot be used: ask for a new one', {
    finishLink: reason,
  });

export class FinishSignUpFlow {
  constructor(private readonly deps: FinishSignUpDeps) {}

  /**
   * `uid` serves the page of an expired or cut verification link, which knows no address. The
   * mailbox's limits are the verification mail's. Every address gets the same answer, mailed or
   * not, so that the call tells nobody who has an account or in which state.
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

  /**
   * The password is set first (ending every session), then the sign-up's own verification code is
   * applied so that the inviter joins, and the reset code is spent last: Auth's reset may mark the
   * address verified (the emulator's does), and a verified address takes no sign-up proof
   * (inviter-choice.ts). A failure leaves the code unspent, so the same link finishes.
   */
  async finish(input: {
    resetCode: string;
    password: string;
    platform?: HandoffPlatform | undefined;
    language?: string | undefined;
  }): Promise<FinishSignUpAnswer> {
    const checked = await this.deps.resets.check(input.resetCode);
    if (checked.kind === 'expired') throw unusableLink('expired');
    if (checked.kind !== 'code' || checked.requestType !== 'PASSWORD_RESET' || !checked.email)
      throw unusableLink('used-or-invalid');
    const account = await this.deps.resets.accountByEmail(checked.email);
    const inviterId = account ? await this.deps.outbox.invitedBy(account.uid) : null;
    if (!account || account.disabled || !inviterId || !account.providerIds.includes(PASSWORD_PROVIDER))
      throw unusableLink('used-or-invalid');

    await this.deps.resets.setPassword(account.uid, input.password);
    let verificationCode: string | undefined;
    if (!account.emailVerified) {
      const link = welcomeLink(this.deps.productDomain(), account.uid, inviterId, input.language ?? 'en');
      verificationCode = await this.deps.links.verificationCode(account.email, link.href);
    }
    const answer = await this.deps.activate(
      {
        uid: account.uid,
        inviterId,
        verificationCode,
        platform: input.platform,
        language: input.language,
      },
      null,
    );
    // Spent by a twin call meanwhile (both hold the mailbox): this one's work stands all the same.
    await this.deps.resets.spend(input.resetCode, input.password);
    return { ...answer, uid: account.uid, email: account.email };
  }
}
