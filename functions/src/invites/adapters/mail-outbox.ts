/**
 * The verification mails in Firestore: the mail in the outbox (platform/adapters/outbox.ts), each
 * address's log (`_mailLogs/{key}`), the account's short code (`_mailCodes/{uid}`) and the link's
 * proof (`_addressProofs/{id}`), written together in one transaction; and Auth's verification codes.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { putInOutbox } from '../../platform/adapters/outbox.js';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { MailMessage } from '../../platform/domain/mail.js';
import { RESEND_MIN_GAP_MS, type MailLog, type ResendDecision } from '../domain/mail-limits.js';
import { replacingMailCode, type MailCodeRecord } from '../domain/mail-codes.js';
import type { MailOutbox, MailProofs, VerificationLinks } from '../flows/ports.js';
import { storedProof } from './address-proofs.js';

export class FirestoreMailOutbox implements MailOutbox {
  private readonly refs: RecordRefs;

  constructor(private readonly firestore: Firestore) {
    this.refs = new RecordRefs(firestore);
  }

  async invitedBy(userId: string): Promise<string | null> {
    return (await this.refs.signUpRef(userId).get()).data()?.invitedBy ?? null;
  }

  private logRef(key: string) {
    return this.firestore.collection(collections.mailLogs).doc(key);
  }

  async mailLog(key: string): Promise<MailLog | null> {
    return logOf((await this.logRef(key).get()).data());
  }

  async send(
    key: string,
    decide: (log: MailLog | null) => ResendDecision,
    mail: MailMessage,
    proofs?: MailProofs,
  ): Promise<number> {
    return this.firestore.runTransaction(async (tx) => {
      const decision = decide(logOf((await tx.get(this.logRef(key))).data()));
      if (!decision.send) return decision.retryAfterMs;
      const codeRef = proofs?.code ? this.firestore.collection(collections.mailCodes).doc(proofs.userId) : null;
      // Read before any write: the code the new one replaces is kept among the earlier (mail-codes.ts).
      const before = codeRef ? ((await tx.get(codeRef)).data() as MailCodeRecord | undefined) : undefined;
      tx.set(this.logRef(key), { sentAt: decision.log.sentAt, plainSentAt: decision.log.plainSentAt ?? [] });
      // The new code replaces the whole of the earlier one; the account's wrong tries of the hour stay.
      if (codeRef && proofs?.code) {
        tx.set(codeRef, replacingMailCode(before, proofs.code), { mergeFields: ['code', 'earlier'] });
      }
      if (proofs) {
        const ref = this.firestore.collection(collections.addressProofs).doc(proofs.link.id);
        tx.set(ref, storedProof(proofs.link.record, new Date()));
      }
      putInOutbox(this.firestore, tx, mail);
      return RESEND_MIN_GAP_MS;
    });
  }
}

// A log stored before the plain address's reserve has no plainSentAt: read as none (mail-limits.ts).
function logOf(data: Record<string, unknown> | undefined): MailLog | null {
  const times = (value: unknown) =>
    Array.isArray(value) ? value.filter((at): at is string => typeof at === 'string') : [];
  return Array.isArray(data?.sentAt) ? { sentAt: times(data.sentAt), plainSentAt: times(data.plainSentAt) } : null;
}

/** Verification codes from Firebase Auth: the code of the link Auth makes, without Auth's mail. */
export class AuthVerificationLinks implements VerificationLinks {
  constructor(private readonly auth: Auth) {}

  async verificationCode(email: string, continueUrl: string): Promise<string> {
    const link = await this.auth.generateEmailVerificationLink(email, { url: continueUrl, handleCodeInApp: true });
    const code = new URL(link).searchParams.get('oobCode');
    if (!code) throw new Error('Auth made a verification link without a code');
    return code;
  }
}
