/**
 * The link that finishes a sign-up left half-way (docs/threat-model-sign-up.md, row 36), by
 * mail: a password-reset code of Auth's, in the fragment of a link to the inviter's sign-up page,
 * which the door takes with a new password (activation/flows/finish-link-way.ts). Only an unconfirmed e-mail sign-up of
 * this companion is mailed, within the mailbox's limits (mail-limits.ts), which are the
 * verification mail's.
 *
 * The call only writes the request down and answers, before any lookup: the same work for every
 * address, so that neither its answer nor its timing tells an unknown address from a sign-up. A
 * trigger on the request does the rest, and when the mailbox's minute holds the mail back, mails it
 * as soon as the minute has passed, so that "we have sent it a link" comes true.
 */
import { FINISH_LINK_PARAMETER, href } from '@dayfocus/contracts/page-paths';
import { writeSucceeded, type WriteResult } from '@dayfocus/contracts/write-result';
import { PASSWORD_PROVIDER } from '../../platform/domain/errors.js';
import type { ServerText } from '../../platform/domain/server-text.js';
import { mailLogKey, resendDecision, spellingOf } from '../domain/mail-limits.js';
import {
  requestStep,
  signUpLinkRequest,
  waitingMark,
  type SignUpLinkRequest,
} from '../domain/sign-up-link-requests.js';
import { finishProofId } from '../domain/proof-ids.js';
import { finishSignUpMail } from '../domain/verification-mail.js';
import type { AccountByEmail, MailOutbox, PasswordResets, SignUpLinkRequests, UserReader } from './ports.js';

export interface SignUpLinkDeps {
  resets: Pick<PasswordResets, 'accountByEmail' | 'accountById' | 'resetCode'>;
  outbox: MailOutbox;
  /** The inviter's record, for the name the mail gives her. */
  users: UserReader;
  requests: SignUpLinkRequests;
  textIn(language: unknown): ServerText;
  productDomain(): string;
  now(): Date;
  /** Settles after `ms`: the wait for the mailbox's minute, within the trigger's run. */
  sleep(ms: number): Promise<void>;
}

function signUpLink(productDomain: string, inviterId: string, language: string): URL {
  const url = new URL(href('sign-up', { inviterId }), productDomain);
  // Even the default language: the mail is opened in a browser that may have no choice stored.
  url.searchParams.set('lg', language);
  // The page's own mark of this link (its code goes in the fragment): the first paint is the finish.
  url.searchParams.set(FINISH_LINK_PARAMETER, '1');
  return url;
}

export class SignUpLinkFlow {
  constructor(private readonly deps: SignUpLinkDeps) {}

  /**
   * The call: `uid` serves the page of an expired or cut verification link, which knows no
   * address. Every request is written alike and answered at once, mailed or not.
   */
  async requestLink(
    asked: { email: string; language: string } | { uid: string; language: string },
  ): Promise<WriteResult> {
    await this.deps.requests.add(signUpLinkRequest(asked, this.deps.now()));
    return writeSucceeded;
  }

  /**
   * The trigger on a request: mailed, held for the minute and then mailed, or turned down, and
   * removed whatever came of it. A request its event brings again after it was removed is done.
   */
  async answerRequest(id: string, request: SignUpLinkRequest): Promise<void> {
    try {
      if (await this.deps.requests.stillAsked(id)) await this.mailLink(id, request);
    } finally {
      await this.deps.requests.remove(id);
    }
  }

  private async mailLink(id: string, request: SignUpLinkRequest): Promise<void> {
    const account = await this.accountOf(request);
    if (!account || account.disabled || account.emailVerified) return;
    if (!account.providerIds.includes(PASSWORD_PROVIDER)) return;
    const inviterId = await this.deps.outbox.invitedBy(account.uid);
    if (!inviterId) return;

    // Auth's own spelling of the address, to which the sign-up's mails went.
    const to = account.email;
    const key = mailLogKey(to);
    const spelling = spellingOf(to);
    const step = requestStep(await this.deps.outbox.mailLog(key), this.deps.now(), spelling);
    if (step.kind === 'drop') return;
    if (step.kind === 'wait') {
      // One request waits behind a mail, however many came within its minute: one mail answers them all.
      if (!(await this.deps.requests.waitBehind(id, waitingMark(key, step.behind)))) return;
      await this.deps.sleep(step.ms);
    }

    const now = this.deps.now();
    const text = this.deps.textIn(request.language);
    const link = signUpLink(this.deps.productDomain(), inviterId, text.language);
    const [code, inviter] = await Promise.all([
      this.deps.resets.resetCode(to, link.href),
      this.deps.users.getUser(inviterId),
    ]);
    // In the fragment, which no request carries (the code is a bearer's): the CDN keeps one page
    // for every link, and no log or referrer has the code.
    link.hash = new URLSearchParams({ mode: 'resetPassword', oobCode: code }).toString();
    // Decided again with the mail: of requests that came at once, or a mail that went meanwhile (the
    // verification mail's), the first goes and the minute holds the rest back. With it, the record
    // of what its code proves, from when (the activation door's: proofs.ts).
    const record = { kind: 'finish-link', uid: account.uid, address: to, issuedAt: now.toISOString() } as const;
    await this.deps.outbox.send(
      key,
      (log) => resendDecision(log, now, spelling),
      finishSignUpMail(to, link.href, inviter?.name ?? null, text),
      { userId: account.uid, link: { id: finishProofId(code), record } },
    );
  }

  private accountOf(request: SignUpLinkRequest): Promise<AccountByEmail | null> {
    if (request.email !== null) return this.deps.resets.accountByEmail(request.email.trim());
    if (request.uid !== null) return this.deps.resets.accountById(request.uid);
    return Promise.resolve(null);
  }
}
