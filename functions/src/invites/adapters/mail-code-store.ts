/**
 * The verification mails' short codes in Firestore (`_mailCodes/{uid}`, written with each mail by
 * the outbox: mail-outbox.ts): a try reads the account's record and its sign-up, and writes what
 * the flow decided in the same transaction.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { RecordRefs } from '../../platform/adapters/record-refs.js';
import type { MailCodeRecord } from '../domain/mail-codes.js';
import type { MailCodeStore } from '../flows/ports.js';

export class FirestoreMailCodes implements MailCodeStore {
  private readonly refs: RecordRefs;

  constructor(private readonly firestore: Firestore) {
    this.refs = new RecordRefs(firestore);
  }

  tryCode(userId: string, decide: Parameters<MailCodeStore['tryCode']>[1]): ReturnType<MailCodeStore['tryCode']> {
    const codeRef = this.firestore.collection(collections.mailCodes).doc(userId);
    const signUpRef = this.refs.signUpRef(userId);
    return this.firestore.runTransaction(async (tx) => {
      const [codeDoc, signUpDoc] = await Promise.all([tx.get(codeRef), tx.get(signUpRef)]);
      const signUp = signUpDoc.data();
      const { tried, proof } = decide(codeDoc.data() as MailCodeRecord | undefined, signUp);
      if (tried.record) tx.set(codeRef, tried.record);
      if (proof && signUpDoc.exists) tx.update(signUpRef, proof);
      return { tried, inviterId: signUp?.invitedBy ?? null };
    });
  }
}
