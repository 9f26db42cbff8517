/**
 * The verification mails' short codes in Firestore (`_mailCodes/{uid}`, written with each mail by
 * the outbox: mail-outbox.ts): a try reads the account's record and writes what the flow decided in
 * the same transaction.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { MailCodeRecord } from '../domain/mail-codes.js';
import type { MailCodeStore } from '../flows/ports.js';

export class FirestoreMailCodes implements MailCodeStore {
  constructor(private readonly firestore: Firestore) {}

  tryCode(userId: string, decide: Parameters<MailCodeStore['tryCode']>[1]): ReturnType<MailCodeStore['tryCode']> {
    const codeRef = this.firestore.collection(collections.mailCodes).doc(userId);
    return this.firestore.runTransaction(async (tx) => {
      const tried = decide((await tx.get(codeRef)).data() as MailCodeRecord | undefined);
      if (tried.record) tx.set(codeRef, tried.record);
      return tried;
    });
  }
}
