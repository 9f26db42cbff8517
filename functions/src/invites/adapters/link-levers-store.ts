/**
 * A link's own levers and numbers, as joins read and write them (docs/inviter-view.md, "Her
 * links"): the link's record `_appLinks/{code}` (the short links' slice makes and changes it), its
 * limit's count in shards `limitShards/{n}` (the same split as her invitation's, domain/
 * invite-limits.ts) and its numbers in shards `linkCounts/{n}`, each an increment per event.
 */
import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  INVITE_LIMIT_SHARDS_COLLECTION,
  LIMIT_SHARDS,
  type LimitShardRecord,
} from '@dayfocus/contracts/invite-controls';
import { linkControls, type LinkLeversRecord } from '@dayfocus/contracts/invite-links';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import { collections } from '@dayfocus/contracts/records';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { converter } from '../../platform/adapters/converters.js';
import { joinsUnderLimit } from '../domain/invite-limits.js';
import { countedLinkOf, doorOf, type DoorRecords } from '../domain/link-door.js';

/** A link's numbers are spread over this many shards: a viral link's joins do not queue on one. */
export const LINK_COUNT_SHARDS = 4;
const LINK_COUNTS_COLLECTION = 'linkCounts';

export type LinkCountShard = Partial<InvitationCounts>;

const linkConverters = {
  owners: converter<OwnerDoorFields>(),
  links: converter<LinkLeversRecord>(),
  shards: converter<LimitShardRecord>(),
  counts: converter<LinkCountShard>(),
};

export function linkRef(firestore: Firestore, code: string): DocumentReference<LinkLeversRecord> {
  return firestore.collection(collections.appLinks).doc(code).withConverter(linkConverters.links);
}

/** Her owner record as a door reads it (`_appLinkOwners/{inviterId}`, the short links' slice writes it). */
export function ownerRef(firestore: Firestore, inviterId: string): DocumentReference<OwnerDoorFields> {
  return firestore.collection(collections.appLinkOwners).doc(inviterId).withConverter(linkConverters.owners);
}

/** What a door reads of her owner record (domain/link-door.ts). */
type OwnerDoorFields = NonNullable<DoorRecords['owner']>;

export function linkLimitShardRef(firestore: Firestore, code: string, index: number) {
  return linkRef(firestore, code)
    .collection(INVITE_LIMIT_SHARDS_COLLECTION)
    .doc(String(index))
    .withConverter(linkConverters.shards);
}

export function linkLimitShardRefs(firestore: Firestore, code: string): DocumentReference<LimitShardRecord>[] {
  return Array.from({ length: LIMIT_SHARDS }, (_, index) => linkLimitShardRef(firestore, code, index));
}

function linkCountRef(firestore: Firestore, code: string, index: number) {
  return linkRef(firestore, code)
    .collection(LINK_COUNTS_COLLECTION)
    .doc(String(index))
    .withConverter(linkConverters.counts);
}

/** One event of the link's numbers: an increment of one of its shards (no contention), picked at random. */
function linkCountIncrement(firestore: Firestore, code: string, event: keyof InvitationCounts) {
  const shard = Math.floor(Math.random() * LINK_COUNT_SHARDS);
  return { ref: linkCountRef(firestore, code, shard), fields: { [event]: FieldValue.increment(1) } };
}

/** One event of the link's numbers, counted when the transaction commits. */
export function countLinkEventIn(
  tx: Transaction,
  firestore: Firestore,
  code: string,
  event: keyof InvitationCounts,
): void {
  const { ref, fields } = linkCountIncrement(firestore, code, event);
  tx.set(ref, fields, { merge: true });
}

export class LinkLeversStore {
  constructor(private readonly firestore: Firestore) {}

  /** Her owner record and the link a request names, one round (invites/domain/link-door.ts). */
  async readDoor(inviterId: string, code: string | undefined): Promise<DoorRecords> {
    if (!isDocumentId(inviterId)) return { owner: undefined, link: undefined };
    const named = code !== undefined && isDocumentId(code);
    const [owner, link] = await Promise.all([
      ownerRef(this.firestore, inviterId).get(),
      named ? linkRef(this.firestore, code).get() : Promise.resolve(undefined),
    ]);
    return { owner: owner.data(), link: link?.data() };
  }

  /**
   * An event (a view of her page) for the link the request names, when it is a link of hers
   * (domain/link-door.ts, countedLinkOf): a code she does not have writes nothing.
   */
  async countLinkEvent(inviterId: string, code: string, event: keyof InvitationCounts): Promise<void> {
    const counted = countedLinkOf(doorOf(inviterId, code, await this.readDoor(inviterId, code)));
    if (!counted) return;
    const { ref, fields } = linkCountIncrement(this.firestore, counted, event);
    await ref.set(fields, { merge: true });
  }

  /** The friends made under the link's limit now (0 without one): every shard, one round. */
  async joinsUnderLimit(link: LinkLeversRecord): Promise<number> {
    if (link.maxJoins === undefined) return 0;
    const shards = await Promise.all(linkLimitShardRefs(this.firestore, link.code).map((ref) => ref.get()));
    return joinsUnderLimit(
      linkControls(link.inviterId, link),
      shards.map((shard) => shard.data()),
    );
  }

  /** Each link's numbers since it had them: its count shards summed, all links in one round. */
  async numbersOf(codes: readonly string[]): Promise<Map<string, InvitationCounts>> {
    const usable = codes.filter(isDocumentId);
    const refs = usable.flatMap((code) =>
      Array.from({ length: LINK_COUNT_SHARDS }, (_, index) => linkCountRef(this.firestore, code, index)),
    );
    const shards = refs.length === 0 ? [] : await this.firestore.getAll(...refs);
    const numbers = new Map<string, InvitationCounts>();
    usable.forEach((code, n) => {
      const sum: InvitationCounts = { views: 0, signUps: 0, confirmed: 0, joins: 0 };
      for (const shard of shards.slice(n * LINK_COUNT_SHARDS, (n + 1) * LINK_COUNT_SHARDS)) {
        const data = shard.data() as LinkCountShard | undefined;
        for (const key of Object.keys(sum) as (keyof InvitationCounts)[]) sum[key] += Number(data?.[key] ?? 0) || 0;
      }
      numbers.set(code, sum);
    });
    return numbers;
  }
}
