/**
 * Her links for one chat each, in `_appLinks/{code}` beside her own link (docs/inviter-view.md,
 * "Her links"), and the codes she can say in `_spokenCodes/{code}`, one document a code so that no
 * two links share one. Her owner record (`_appLinkOwners/{inviterId}`) counts her open links, so
 * that a new one past MAX_LIVE_INVITE_LINKS is refused in the transaction that would make it.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { MAX_LIVE_INVITE_LINKS, TOO_MANY_LINKS_DETAILS } from '@dayfocus/contracts/invite-links';
import { collections } from '@dayfocus/contracts/records';
import { converter } from '../../platform/adapters/converters.js';
import { FlowError } from '../../platform/domain/errors.js';
import { isChatLink, type AppLinkRecord } from '../domain/app-links.js';
import type { InviteLinkRecords } from '../flows/ports.js';

/** What `_spokenCodes/{code}` holds: the link a spoken code names. */
interface SpokenCodeRecord {
  code: string;
  inviterId: string;
  createdAt: string;
}

/** Attempts at a fresh code and spoken code before giving up: with 2^40 spoken codes a second is already rare. */
const CODE_ATTEMPTS = 5;

const converters = {
  links: converter<AppLinkRecord>(),
  spoken: converter<SpokenCodeRecord>(),
  owners: converter<{ inviterId: string; liveLinks?: number; createdAt?: string; updatedAt: string }>(),
};

/** A code of nobody's, or not hers, or retired: one answer, so that nobody learns whose codes exist. */
const noSuchLink = () => new FlowError('not-found', 'You have no open link with this code');

export class FirestoreInviteLinks implements InviteLinkRecords {
  constructor(private readonly firestore: Firestore) {}

  private link(code: string) {
    return this.firestore.collection(collections.appLinks).doc(code).withConverter(converters.links);
  }

  private spoken(code: string) {
    return this.firestore.collection(collections.spokenCodes).doc(code).withConverter(converters.spoken);
  }

  private owner(inviterId: string) {
    return this.firestore.collection(collections.appLinkOwners).doc(inviterId).withConverter(converters.owners);
  }

  /** A link of hers for one chat, under fresh codes; refused past her open links' bound. */
  async createChatLink(input: {
    inviterId: string;
    newCode: () => string;
    newSpokenCode: () => string;
    make: (code: string, spokenCode: string) => AppLinkRecord;
  }): Promise<AppLinkRecord> {
    const ownerRef = this.owner(input.inviterId);
    return this.firestore.runTransaction(async (tx) => {
      const owner = (await tx.get(ownerRef)).data();
      const live = owner?.liveLinks ?? 0;
      if (live >= MAX_LIVE_INVITE_LINKS) {
        throw new FlowError(
          'failed-precondition',
          `You have ${MAX_LIVE_INVITE_LINKS} open links: retire one first`,
          TOO_MANY_LINKS_DETAILS,
        );
      }
      const { code, spokenCode } = await this.freshCodes(tx, input.newCode, input.newSpokenCode);
      const record = input.make(code, spokenCode);
      tx.create(this.link(code), record);
      tx.create(this.spoken(spokenCode), { code, inviterId: input.inviterId, createdAt: record.createdAt });
      tx.set(
        ownerRef,
        {
          inviterId: input.inviterId,
          liveLinks: live + 1,
          createdAt: owner?.createdAt ?? record.createdAt,
          updatedAt: record.createdAt,
        },
        { merge: true },
      );
      return record;
    });
  }

  private async freshCodes(tx: Transaction, newCode: () => string, newSpokenCode: () => string) {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = newCode();
      const spokenCode = newSpokenCode();
      const [link, spoken] = await tx.getAll(this.link(code), this.spoken(spokenCode));
      if (!link?.exists && !spoken?.exists) return { code, spokenCode };
    }
    throw new Error(`No free link code after ${CODE_ATTEMPTS} attempts`);
  }

  /** Her own link's spoken code, made on first use (links made before spoken codes had none). */
  async ensureSpokenCode(code: string, inviterId: string, newSpokenCode: () => string, now: string) {
    const linkRef = this.link(code);
    return this.firestore.runTransaction(async (tx) => {
      const link = (await tx.get(linkRef)).data();
      if (!link || link.inviterId !== inviterId) return null;
      if (link.spokenCode) return link;
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const spokenCode = newSpokenCode();
        if ((await tx.get(this.spoken(spokenCode))).exists) continue;
        tx.create(this.spoken(spokenCode), { code, inviterId, createdAt: now });
        tx.update(linkRef, { spokenCode, updatedAt: now });
        return { ...link, spokenCode, updatedAt: now };
      }
      throw new Error(`No free spoken code after ${CODE_ATTEMPTS} attempts`);
    });
  }

  /** Her open links for one chat, newest first: one query. */
  async chatLinksOf(inviterId: string): Promise<AppLinkRecord[]> {
    const snapshot = await this.firestore
      .collection(collections.appLinks)
      .where('inviterId', '==', inviterId)
      .where('kind', '==', 'chat')
      .withConverter(converters.links)
      .get();
    return snapshot.docs
      .map((doc) => doc.data())
      .filter((link) => !link.retiredAt)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Her open link for one chat, changed as `decide` says, in a transaction; not-found for any other code. */
  async changeChatLink(
    code: string,
    inviterId: string,
    decide: (link: AppLinkRecord) => AppLinkRecord,
  ): Promise<AppLinkRecord> {
    if (!isDocumentId(code)) throw noSuchLink();
    const ref = this.link(code);
    return this.firestore.runTransaction(async (tx) => {
      const link = (await tx.get(ref)).data();
      if (!link || link.inviterId !== inviterId || !isChatLink(link) || link.retiredAt) throw noSuchLink();
      const next = decide(link);
      tx.set(ref, next);
      if (next.retiredAt) {
        tx.set(
          this.owner(inviterId),
          { liveLinks: FieldValue.increment(-1), updatedAt: next.updatedAt },
          { merge: true },
        );
      }
      return next;
    });
  }

  /** The link a spoken code names (canonical), or null. */
  async codeOfSpoken(spokenCode: string): Promise<string | null> {
    if (!isDocumentId(spokenCode)) return null;
    return (await this.spoken(spokenCode).get()).data()?.code ?? null;
  }
}
