/**
 * The inviter's levers on her invitation: `_inviteControls/{inviterId}` and her limit's count in
 * shards under it (`limitShards/{n}`, domain/invite-limits.ts). Her levers write the record in a
 * transaction; a join reads it, and writes a shard, in its own (invite-store.ts).
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  INVITE_LIMIT_SHARDS_COLLECTION,
  LIMIT_SHARDS,
  type InviteControlsRecord,
  type LimitShardRecord,
} from '@dayfocus/contracts/invite-controls';
import { collections } from '@dayfocus/contracts/records';
import { isDocumentId } from '@dayfocus/contracts/ids';
import { converter, readAllIn } from '../../platform/adapters/converters.js';
import { joinsUnderLimit } from '../domain/invite-limits.js';
import type { InvitationState, InviteControls } from '../flows/ports.js';

const controlConverters = { controls: converter<InviteControlsRecord>(), shards: converter<LimitShardRecord>() };

export function controlsRef(firestore: Firestore, inviterId: string): DocumentReference<InviteControlsRecord> {
  return firestore.collection(collections.inviteControls).doc(inviterId).withConverter(controlConverters.controls);
}

export function limitShardRef(
  firestore: Firestore,
  inviterId: string,
  index: number,
): DocumentReference<LimitShardRecord> {
  return controlsRef(firestore, inviterId)
    .collection(INVITE_LIMIT_SHARDS_COLLECTION)
    .doc(String(index))
    .withConverter(controlConverters.shards);
}

export function limitShardRefs(firestore: Firestore, inviterId: string): DocumentReference<LimitShardRecord>[] {
  return Array.from({ length: LIMIT_SHARDS }, (_, index) => limitShardRef(firestore, inviterId, index));
}

/** Her record and every shard in one round of a transaction (her levers' own, rare). */
export async function readInvitation(
  firestore: Firestore,
  inviterId: string,
  tx: Transaction,
): Promise<InvitationState> {
  const refs = [controlsRef(firestore, inviterId), ...limitShardRefs(firestore, inviterId)] as const;
  const [controls, ...shards] = (await readAllIn(tx, ...refs)) as [
    InviteControlsRecord | undefined,
    ...(LimitShardRecord | undefined)[],
  ];
  return { controls, joins: joinsUnderLimit(controls, shards) };
}

export class FirestoreInviteControls implements InviteControls {
  constructor(private readonly firestore: Firestore) {}

  /** Nothing for an id that cannot name a document. Not exact under concurrency: the join is the gate. */
  async read(inviterId: string): Promise<InvitationState> {
    if (!isDocumentId(inviterId)) return { controls: undefined, joins: 0 };
    // Her record alone for most inviters (one read, for each sign-up and page); the shards only
    // while she has a limit.
    const controls = (await controlsRef(this.firestore, inviterId).get()).data();
    if (controls?.maxJoins === undefined) return { controls, joins: 0 };
    const shards = await Promise.all(limitShardRefs(this.firestore, inviterId).map((ref) => ref.get()));
    return {
      controls,
      joins: joinsUnderLimit(
        controls,
        shards.map((shard) => shard.data()),
      ),
    };
  }

  async change(
    inviterId: string,
    decide: (current: InviteControlsRecord | undefined) => InviteControlsRecord,
  ): Promise<InvitationState> {
    return this.firestore.runTransaction(async (tx) => {
      const state = await readInvitation(this.firestore, inviterId, tx);
      const next = decide(state.controls);
      tx.set(controlsRef(this.firestore, inviterId), next);
      // A new limit's count starts at nothing: the shards of the earlier one no longer count.
      const joins = next.limitSetAt === state.controls?.limitSetAt ? state.joins : 0;
      return { controls: next, joins };
    });
  }
}
