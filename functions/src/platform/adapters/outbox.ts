/**
 * The outbox: the Trigger Email extension's collection (`_mail`, its MAIL_COLLECTION:
 * docs/deploying.md), which sends each document written to it. Every mail goes in here, inside
 * the transaction of what it tells, so that a mail is never sent for a write that did not happen
 * (nor a write made without its mail). Locally nothing sends them: `npm run dev` prints each
 * one's link, and the tests read them (tools/stack/src/mail.ts).
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { MailMessage } from '../domain/mail.js';

export function putInOutbox(firestore: Firestore, tx: Transaction, mail: MailMessage): void {
  tx.create(firestore.collection(collections.mail).doc(), { ...mail, createdAt: FieldValue.serverTimestamp() });
}
