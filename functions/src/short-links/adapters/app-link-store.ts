/**
 * `_appLinkOwners/{inviterId}` names the code an inviter already has, so asking again gives the
 * same link back; a link's opens are counted in shards under it (domain/open-count.ts).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { LRUCache } from 'lru-cache';
import type { Visitor } from '@dayfocus/contracts/link-paths';
import { collections } from '@dayfocus/contracts/records';
import { LINK_KEEP_MS, type AppLinkRecord } from '../domain/app-links.js';
import type { AppLinkLinks } from '../flows/ports.js';
import { converter } from '../../platform/adapters/converters.js';
import {
  OPEN_SHARD_COUNT,
  OPEN_SHARDS_COLLECTION,
  pickOpenShard,
  type OpenShard,
  type OpenSource,
} from '../domain/open-count.js';

interface AppLinkOwnerRecord {
  inviterId: string;
  code?: string;
  /**
   * Our own link's target, written with the link in one transaction, so that finding an
   * inviter's link takes one read. Absent on records made before it: the link is read then.
   */
  codeTarget?: string;
  /*
   * A record of a project that used the removed `dynamic-links` provider may still hold
   * `providerLinks`: kept as written, never read (their links died with Firebase Dynamic Links).
   */
  /**
   * When she last replaced her link (renewInviteLink): from then on her uid alone admits nobody, only
   * a link she has (invites/domain/link-door.ts).
   */
  renewedAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** Attempts at a fresh code before giving up; with 2^60 codes a second one is already rare. */
const CODE_ATTEMPTS = 5;

const ownerConverter = converter<AppLinkOwnerRecord>();

const appLinkConverters = { appLinks: converter<AppLinkRecord>(), openShards: converter<OpenShard>() };

type OwnLink = Pick<AppLinkOwnerRecord, 'code' | 'codeTarget' | 'renewedAt'>;

/** In milliseconds, as `performance` gives it; tests hand in their own. */
export interface KeepClock {
  now(): number;
}

export class AppLinkStore implements AppLinkLinks {
  /** By code: a link's opens within LINK_KEEP_MS cost no read. */
  private readonly resolved: LRUCache<string, AppLinkRecord>;
  /** By inviter: which code is hers. */
  private readonly owned: LRUCache<string, OwnLink>;
  /** Picks the shard of each open; in [0, 1) like Math.random. */
  private readonly random: () => number;

  constructor(
    private readonly firestore: Firestore,
    options: { random?: () => number; clock?: KeepClock } = {},
  ) {
    this.random = options.random ?? Math.random;
    // A link retired by hand stops resolving within LINK_KEEP_MS (domain/app-links.ts).
    // A clock of the tests' own is read each time (lru-cache otherwise reuses a reading for 1 ms).
    const clock = options.clock ? { perf: options.clock, ttlResolution: 0 } : {};
    const keep = { max: 10_000, ttl: LINK_KEEP_MS, ...clock };
    this.resolved = new LRUCache(keep);
    this.owned = new LRUCache(keep);
  }

  private links() {
    return this.firestore.collection(collections.appLinks).withConverter(appLinkConverters.appLinks);
  }

  private owners() {
    return this.firestore.collection(collections.appLinkOwners).withConverter(ownerConverter);
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
    // The usual case, an inviter asking again, needs two reads (kept) and no transaction. The
    // link itself is read too, so that one deleted by hand is made anew, not handed out.
    const known = await this.findOwnLink(input.inviterId, input.target);
    if (known && (await this.findByCode(known))?.inviterId === input.inviterId) return known;
    const code = await this.makeOwnLink(input);
    this.owned.set(input.inviterId, { ...this.owned.get(input.inviterId), code, codeTarget: input.target });
    return code;
  }

  /**
   * Reads only, never writes. One read: the owner record names the target with the code (a record
   * from before it did: the link is read too). The link itself is not read, so a link document
   * deleted by hand alone is still found here (docs/short-links.md says to clear the owner's code).
   */
  async findOwnLink(inviterId: string, target: string): Promise<string | null> {
    const owner = await this.ownLinkOf(inviterId);
    const code = owner.code;
    if (!code) return null;
    const linkTarget = owner.codeTarget ?? (await this.ownTargetOf(code, inviterId));
    return linkTarget === target ? code : null;
  }

  /**
   * Whether the inviter's owner record names `code`: her one link that resolves. A kept answer
   * that it does is trusted for LINK_KEEP_MS (a link retired by hand stops within it); one that
   * it does not is read again, since the record may name a link made since in another instance.
   */
  async namesCode(inviterId: string, code: string): Promise<boolean> {
    if (this.owned.get(inviterId)?.code === code) return true;
    return (await this.ownLinkOf(inviterId, { fresh: true })).code === code;
  }

  private async ownLinkOf(inviterId: string, options: { fresh?: boolean } = {}): Promise<OwnLink> {
    const kept = options.fresh ? undefined : this.owned.get(inviterId);
    if (kept) return kept;
    const owner = (await this.owners().doc(inviterId).get()).data();
    const ownLink: OwnLink = { code: owner?.code, codeTarget: owner?.codeTarget, renewedAt: owner?.renewedAt };
    this.owned.set(inviterId, ownLink);
    return ownLink;
  }

  /** Undefined when the code is not theirs. */
  private async ownTargetOf(code: string, inviterId: string): Promise<string | undefined> {
    const link = await this.findByCode(code);
    return link?.inviterId === inviterId ? link.target : undefined;
  }

  /**
   * A new code in place of her link's: the owner record names the new one, so the old one is
   * retired as a link retired by hand is (it answers the unknown link's page; every instance's
   * kept answer that it is hers expires within LINK_KEEP_MS). The old link's record stays, with
   * its counts.
   */
  async renewOwnLink(input: {
    inviterId: string;
    target: string;
    now: string;
    newCode: () => string;
  }): Promise<string> {
    const code = await this.makeOwnLink(input, { renew: true });
    this.owned.set(input.inviterId, { code, codeTarget: input.target, renewedAt: input.now });
    return code;
  }

  /** Whether she replaced her link (renewInviteLink): kept for LINK_KEEP_MS as the rest of her record. */
  async renewedAt(inviterId: string): Promise<string | undefined> {
    return (await this.ownLinkOf(inviterId)).renewedAt;
  }

  private async makeOwnLink(
    input: {
      inviterId: string;
      target: string;
      now: string;
      newCode: () => string;
    },
    options: { renew?: boolean } = {},
  ): Promise<string> {
    const ownerRef = this.owners().doc(input.inviterId);
    return this.firestore.runTransaction(async (tx) => {
      const owner = (await tx.get(ownerRef)).data();
      if (owner?.code && !options.renew) {
        const linkRef = this.links().doc(owner.code);
        const link = (await tx.get(linkRef)).data();
        if (link && link.inviterId === input.inviterId) {
          if (link.target !== input.target) {
            tx.update(linkRef, { target: input.target, updatedAt: input.now });
            this.resolved.delete(owner.code);
          }
          if (owner.codeTarget !== input.target) {
            tx.update(ownerRef, { codeTarget: input.target, updatedAt: input.now });
          }
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
        };
        tx.create(linkRef, record);
        tx.set(
          ownerRef,
          {
            inviterId: input.inviterId,
            code,
            codeTarget: input.target,
            createdAt: owner?.createdAt ?? input.now,
            updatedAt: input.now,
            ...(options.renew ? { renewedAt: input.now } : {}),
          },
          { merge: true },
        );
        return code;
      }
      throw new Error(`No free short-link code after ${CODE_ATTEMPTS} attempts`);
    });
  }

  /** A code nobody has is not kept: it may be made any time. */
  async findByCode(code: string): Promise<AppLinkRecord | null> {
    const kept = this.resolved.get(code);
    if (kept) return kept;
    const link = (await this.links().doc(code).get()).data() ?? null;
    if (link) this.resolved.set(code, link);
    return link;
  }

  private openShards(code: string) {
    return this.links().doc(code).collection(OPEN_SHARDS_COLLECTION).withConverter(appLinkConverters.openShards);
  }

  /**
   * One open, counted by the database (an increment, not read-modify-write) on one shard
   * chosen at random, so that concurrent opens of one link spread over OPEN_SHARD_COUNT
   * documents instead of queueing on one. The platform, the source and the time of the open
   * go on the same shard write: a field of the link itself written on every open would make
   * it the hot document again. `set` with merge creates the shard on its first open.
   */
  async countOpen(code: string, visitor: Visitor, source: OpenSource, now: string): Promise<void> {
    const shard = this.openShards(code).doc(String(pickOpenShard(this.random, OPEN_SHARD_COUNT)));
    await shard.set(
      {
        opens: FieldValue.increment(1),
        opensBy: { [visitor]: FieldValue.increment(1) },
        sources: { [source]: FieldValue.increment(1) },
        lastOpenedAt: now,
      },
      { merge: true },
    );
  }
}
