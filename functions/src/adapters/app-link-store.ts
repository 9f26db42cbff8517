/**
 * Firestore side of the short links. `_appLinks/{code}` holds a link (target, inviter,
 * timestamps, open counts); `_appLinkOwners/{inviterId}` says which code, or which
 * provider link, an inviter already has, so asking again gives the same link back.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Visitor } from '../domain/app-links.js';
import type { LinkProviderKind } from '../domain/link-settings.js';
import { collections } from '../domain/records.js';

export interface AppLinkRecord {
  code: string;
  inviterId: string;
  target: string;
  createdAt: string;
  updatedAt: string;
  opens: number;
  opensBy: Record<Visitor, number>;
  lastOpenedAt?: string;
}

/** A link made by an outside provider; only its result is kept. */
export interface ProviderLinkRecord {
  shortLink: string;
  target: string;
  createdAt: string;
}

interface AppLinkOwnerRecord {
  inviterId: string;
  /** Our own link's code. */
  code?: string;
  /** Links from outside providers, by provider. */
  providerLinks?: Partial<Record<Exclude<LinkProviderKind, 'own'>, ProviderLinkRecord>>;
  createdAt: string;
  updatedAt: string;
}

/** Attempts at a fresh code before giving up; with 2^60 codes a second one is already rare. */
const CODE_ATTEMPTS = 5;

export class AppLinkStore {
  constructor(private readonly firestore: Firestore) {}

  private links() {
    return this.firestore.collection(collections.appLinks);
  }

  private owners() {
    return this.firestore.collection(collections.appLinkOwners);
  }

  /**
   * The inviter's own link, made on first use. One transaction reads the owner record and
   * writes both records, so concurrent first calls agree on one code. A changed target
   * (the product domain moved) is updated in place; the code stays.
   */
  async ensureOwnLink(input: {
    inviterId: string;
    target: string;
    now: string;
    newCode: () => string;
  }): Promise<string> {
    const ownerRef = this.owners().doc(input.inviterId);
    // The usual case, an inviter asking again, needs two reads and no transaction.
    const known = (await ownerRef.get()).data() as AppLinkOwnerRecord | undefined;
    if (known?.code) {
      const link = await this.findByCode(known.code);
      if (link && link.inviterId === input.inviterId && link.target === input.target) return known.code;
    }
    return this.firestore.runTransaction(async (tx) => {
      const owner = (await tx.get(ownerRef)).data() as AppLinkOwnerRecord | undefined;
      if (owner?.code) {
        const linkRef = this.links().doc(owner.code);
        const link = (await tx.get(linkRef)).data() as AppLinkRecord | undefined;
        if (link && link.inviterId === input.inviterId) {
          if (link.target !== input.target) tx.update(linkRef, { target: input.target, updatedAt: input.now });
          return owner.code;
        }
      }
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = input.newCode();
        const linkRef = this.links().doc(code);
        if ((await tx.get(linkRef)).exists) continue;
        const record: AppLinkRecord = {
          code,
          inviterId: input.inviterId,
          target: input.target,
          createdAt: input.now,
          updatedAt: input.now,
          opens: 0,
          opensBy: { ios: 0, android: 0, web: 0, crawler: 0 },
        };
        tx.create(linkRef, record);
        tx.set(
          ownerRef,
          { inviterId: input.inviterId, code, createdAt: owner?.createdAt ?? input.now, updatedAt: input.now },
          { merge: true },
        );
        return code;
      }
      throw new Error(`No free short-link code after ${CODE_ATTEMPTS} attempts`);
    });
  }

  async findProviderLink(
    inviterId: string,
    provider: Exclude<LinkProviderKind, 'own'>,
  ): Promise<ProviderLinkRecord | null> {
    const owner = (await this.owners().doc(inviterId).get()).data() as AppLinkOwnerRecord | undefined;
    return owner?.providerLinks?.[provider] ?? null;
  }

  /**
   * Keeps a provider's link for the inviter. When another call stored one for the same
   * target first, that one wins and is returned, so every caller hands out the same link.
   */
  async keepProviderLink(input: {
    inviterId: string;
    provider: Exclude<LinkProviderKind, 'own'>;
    link: ProviderLinkRecord;
    now: string;
  }): Promise<ProviderLinkRecord> {
    const ownerRef = this.owners().doc(input.inviterId);
    return this.firestore.runTransaction(async (tx) => {
      const owner = (await tx.get(ownerRef)).data() as AppLinkOwnerRecord | undefined;
      const existing = owner?.providerLinks?.[input.provider];
      if (existing && existing.target === input.link.target) return existing;
      tx.set(
        ownerRef,
        {
          inviterId: input.inviterId,
          providerLinks: { [input.provider]: input.link },
          createdAt: owner?.createdAt ?? input.now,
          updatedAt: input.now,
        },
        { merge: true },
      );
      return input.link;
    });
  }

  async findByCode(code: string): Promise<AppLinkRecord | null> {
    return ((await this.links().doc(code).get()).data() as AppLinkRecord | undefined) ?? null;
  }

  /** One open, counted by the database (an increment, not read-modify-write). */
  async countOpen(code: string, visitor: Visitor, now: string): Promise<void> {
    await this.links()
      .doc(code)
      .update({ opens: FieldValue.increment(1), [`opensBy.${visitor}`]: FieldValue.increment(1), lastOpenedAt: now });
  }
}
