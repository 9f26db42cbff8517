/**
 * The mail that asks an invitee to confirm their address (its layout: platform/domain/mail.ts).
 * Pure. It speaks the invitee's language and names only the inviter: a name the invitee typed is
 * never put in it, so a stranger cannot sign up with someone else's address and have words of
 * their choosing mailed there; and the inviter's own name only when it reads as a name
 * (mail-names.ts), else "A friend".
 */
import { laidOutMail, type MailMessage } from '../../platform/domain/mail.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import { inviterForMail } from './mail-names.js';

export interface VerificationMailInput {
  to: string;
  /** The inviter's stored name; cleaned and checked here, as it came from a record a client may write. */
  inviterName: string | null;
  link: string;
  /** The words, in the invitee's language (and that language's direction). */
  text: ServerText;
  /** The short code to type instead of tapping (mail-codes.ts), and the minutes it works for. */
  mailCode?: MailCode;
}

export interface MailCode {
  code: string;
  minutes: number;
}

/** Throws on a link that is not http(s), or a code that is not digits. */
export function verificationMail(input: VerificationMailInput): MailMessage {
  const mailCode = input.mailCode;
  if (mailCode && !/^\d{4,10}$/.test(mailCode.code)) throw new Error('A verification mail takes a code of digits.');
  const code = mailCode && {
    intro: input.text.t('verificationMail.codeIntro'),
    code: mailCode.code,
    note: input.text.t('verificationMail.codeNote', { minutes: String(mailCode.minutes) }),
  };
  const inviter = inviterForMail(input.inviterName, input.text);
  return laidOutMail(input.to, input.link, input.text, 'verificationMail', { inviter }, code);
}

/**
 * The mail that finishes a sign-up left half-way (sign-up-link-flow.ts): its link sets a
 * password. Names the inviter as the verification mail does.
 */
export function finishSignUpMail(to: string, link: string, inviterName: string | null, text: ServerText): MailMessage {
  return laidOutMail(to, link, text, 'finishSignUpMail', { inviter: inviterForMail(inviterName, text) });
}
