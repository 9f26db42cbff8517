/**
 * The verification e-mail, ours (docs/joins.md, B): for the signed-in e-mail account, a link
 * from Auth (`generateEmailVerificationLink`) that opens the welcome page of the inviter its
 * sign-up recorded, written in the page's language and naming that inviter, put in the Trigger
 * Email extension's outbox, within the mailbox's limits (mail-limits.ts). Beside the link, a short
 * code to type in the tab she signed up in (mail-codes.ts), kept as a keyed digest and written with
 * the mail. One answer whatever the address's state: when the next one may be asked for.
 */
import { href } from '@dayfocus/contracts/page-paths';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import { checkSession } from '../../platform/domain/session.js';
import { mailLogKey, RESEND_MIN_GAP_MS, resendDecision, spellingOf } from '../domain/mail-limits.js';
import { issuedMailCode, MAIL_CODE_LIFE_MS, mailCodeDigest, newMailCode } from '../domain/mail-codes.js';
import { linkProofId } from '../domain/proof-ids.js';
import { verificationMail } from '../domain/verification-mail.js';
import type { AccountLookup, MailOutbox, UserReader, VerificationLinks } from './ports.js';

export interface VerificationMailDeps {
  accounts: AccountLookup;
  /** The inviter's record, for the name the mail gives her. */
  users: UserReader;
  links: VerificationLinks;
  outbox: MailOutbox;
  textIn(language: unknown): ServerText;
  productDomain(): string;
  /** The key of the codes' digests (a server secret); null where there is none: the mail then has no code. */
  mailCodeKey(): Uint8Array | null;
  now(): Date;
}

export function welcomeLink(productDomain: string, uid: string, inviterId: string, language: string): URL {
  return new URL(href('welcome', { inviteeId: uid, inviterId, lg: language }), productDomain);
}

export class VerificationMailFlow {
  constructor(private readonly deps: VerificationMailDeps) {}

  async send(caller: Caller, input: { language: string }): Promise<{ retryAfterMs: number }> {
    if (caller.signInProvider !== PASSWORD_PROVIDER)
      throw new FlowError(
        'failed-precondition',
        'The verification e-mail is for accounts created with email and password',
      );
    const [found, inviterId] = await Promise.all([
      this.deps.accounts.getAccount(caller.uid),
      this.deps.outbox.invitedBy(caller.uid),
    ]);
    const account = checkSession(caller, found);
    if (!inviterId) throw new FlowError('failed-precondition', 'Register the sign-up first (registerInvitee)');
    return this.mailTo({ ...account, uid: caller.uid }, inviterId, input.language);
  }

  /**
   * The mail for `account`, whose sign-up record names `inviterId`: `send`'s, and the one the
   * server's own e-mail sign-up sends right after it wrote that record (email-sign-up-flow.ts).
   */
  async mailTo(
    account: { uid: string; email: string | undefined; emailVerified: boolean },
    inviterId: string,
    language: string,
  ): Promise<{ retryAfterMs: number }> {
    const email = account.email;
    // Confirmed already, or no address: nothing to send, and the same answer as a mail sent.
    if (!email || account.emailVerified) return { retryAfterMs: RESEND_MIN_GAP_MS };

    const key = mailLogKey(email);
    const spelling = spellingOf(email);
    const now = this.deps.now();
    const early = resendDecision(await this.deps.outbox.mailLog(key), now, spelling);
    if (!early.send) return { retryAfterMs: early.retryAfterMs };

    const text = this.deps.textIn(language);
    const link = welcomeLink(this.deps.productDomain(), account.uid, inviterId, text.language);
    const [code, inviter] = await Promise.all([
      this.deps.links.verificationCode(email, link.href),
      this.deps.users.getUser(inviterId),
    ]);
    link.searchParams.set('mode', 'verifyEmail');
    link.searchParams.set('oobCode', code);
    const codeKey = this.deps.mailCodeKey();
    const typed = codeKey ? newMailCode() : null;
    const mailCode = typed ? { code: typed, minutes: MAIL_CODE_LIFE_MS / 60_000 } : undefined;
    const mail = verificationMail({ to: email, inviterName: inviter?.name ?? null, link: link.href, text, mailCode });
    const stored =
      codeKey && typed ? issuedMailCode(mailCodeDigest(codeKey, account.uid, typed), email, now) : undefined;
    // What the mail proves, and since when: the address it goes to, for this account (proofs.ts).
    const linkProof = { kind: 'mail-link', uid: account.uid, address: email, issuedAt: now.toISOString() } as const;
    const proofs = { userId: account.uid, code: stored, link: { id: linkProofId(code), record: linkProof } };
    const retryAfterMs = await this.deps.outbox.send(key, (log) => resendDecision(log, now, spelling), mail, proofs);
    return { retryAfterMs };
  }
}
