/**
 * The shards of a limit's count as a join reaches them (domain/invite-limits.ts): looked at beside
 * its transaction, never read in it (a read would lock them until the commit), and claimed in its
 * commit on the condition that the shard is still as seen. A claim lost to another join fails that
 * commit alone, and the join runs again on a fresh look.
 */
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { backOff } from 'exponential-backoff';
import { LIMIT_SHARDS, type LimitShardRecord } from '@dayfocus/contracts/invite-controls';
import type { SeenShard, ShardCount } from '../domain/invite-limits.js';
import { grpcCodeOf, GrpcStatus } from '../../platform/adapters/grpc-status.js';

/**
 * How a join runs again after losing its claim on a shard: each loss is another join's place taken,
 * and a look after it sees that shard as it now is, so a limit's last places settle in a few runs.
 * The runs are spread (a random wait, doubling from 50 ms up to a second), so that the joins that
 * lost one place do not all race again for the next; the bound only stops a store that never agrees.
 */
const LOST_CLAIM_RUNS = {
  numOfAttempts: 50,
  startingDelay: 50,
  timeMultiple: 2,
  maxDelay: 1000,
  jitter: 'full',
} as const;

/** How one run of a join claimed a shard in its commit: an update on a version, a create, or none. */
export interface ClaimMark {
  claim: 'update' | 'create' | null;
}

/** A shard's update time, to the nanosecond: the version its claim is conditioned on. */
function versionOf(snapshot: DocumentSnapshot): string | null {
  const time = snapshot.exists ? snapshot.updateTime : undefined;
  return time ? `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}` : null;
}

function timeOf(version: string): Timestamp {
  const [seconds = '', nanos = ''] = version.split('.');
  return new Timestamp(Number(seconds), Number(nanos));
}

function seen(snapshot: DocumentSnapshot, index: number): SeenShard {
  return { index, record: snapshot.data() as LimitShardRecord | undefined, version: versionOf(snapshot) };
}

/** One shard, looked at beside the transaction. */
export async function lookAtShard(ref: DocumentReference<LimitShardRecord>, index: number): Promise<SeenShard> {
  return seen(await ref.get(), index);
}

/** Every shard (`refs` by index), looked at beside the transaction in one read. */
export async function lookAtShards(refs: readonly DocumentReference<LimitShardRecord>[]): Promise<SeenShard[]> {
  const [first] = refs;
  if (!first) return [];
  const snapshots = await first.firestore.getAll(...refs);
  return snapshots.map((snapshot, index) => seen(snapshot, index));
}

/** The shard's new count in the commit, if the shard is still as the join saw it (created, if it saw none). */
export function claimShard(
  tx: Transaction,
  ref: DocumentReference<LimitShardRecord>,
  count: ShardCount,
  mark: ClaimMark,
): void {
  if (count.version === null) {
    mark.claim = 'create';
    tx.create(ref, count.record);
  } else {
    mark.claim = 'update';
    tx.update(ref, { ...count.record }, { lastUpdateTime: timeOf(count.version) });
  }
}

/**
 * A join's transaction (the SDK retries it on contention, 20 attempts), run again while it ends with
 * its claim lost: the shard had moved on (FAILED_PRECONDITION, an update's only refusal), or another
 * join created it first (ALREADY_EXISTS). A shard is created once, so a join loses a create at most
 * once a shard: more would be another document of the commit, and that refusal is the join's answer.
 * A join is safe to run again: each run reads everything afresh.
 */
export async function runClaiming<T>(
  firestore: Firestore,
  work: (tx: Transaction, mark: ClaimMark) => Promise<T>,
): Promise<T> {
  // What the last attempt claimed: each attempt starts it afresh (the SDK may have run it before).
  const mark: ClaimMark = { claim: null };
  let createsLost = 0;
  const run = () =>
    firestore.runTransaction(
      (tx) => {
        mark.claim = null;
        return work(tx, mark);
      },
      { maxAttempts: 20 },
    );
  return backOff(run, {
    ...LOST_CLAIM_RUNS,
    retry: (error: unknown) => {
      const code = grpcCodeOf(error);
      if (code === GrpcStatus.FAILED_PRECONDITION) return mark.claim === 'update';
      return code === GrpcStatus.ALREADY_EXISTS && mark.claim === 'create' && ++createsLost <= LIMIT_SHARDS;
    },
  });
}
