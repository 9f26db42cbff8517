/**
 * Faults on demand: chosen RPCs fail with a chosen status, for the next N calls or with a
 * probability drawn from a seeded generator, so a run that fails can be replayed. A fault
 * fires before the RPC does anything (the request never reached the database), or `after`
 * it has been applied (the write landed, the answer was lost: what a timeout can hide).
 * A fault with `delayMs` and no `code` is a slow call instead: the RPC waits that long before
 * it runs, or (`after`) runs and then waits before it answers.
 *
 *   POST   /emulator/v1/faults  {"seed": 7, "faults": [{"rpc": "Commit", "code": "ABORTED", "count": 2}]}
 *   GET    /emulator/v1/faults  → the plan, what is left of it, and what fired
 *   DELETE /emulator/v1/faults  → no faults
 */
import { status } from '@grpc/grpc-js';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { FirestoreError } from './errors.js';

/** The codes a fault may answer: what production answers when it is overloaded or contended. */
export const FAULT_CODES = {
  UNAVAILABLE: status.UNAVAILABLE,
  ABORTED: status.ABORTED,
  DEADLINE_EXCEEDED: status.DEADLINE_EXCEEDED,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  INTERNAL: status.INTERNAL,
} as const;

export type FaultCode = keyof typeof FAULT_CODES;

/** What production says with each code. */
const MESSAGES: Record<FaultCode, string> = {
  UNAVAILABLE: 'The service is currently unavailable.',
  ABORTED: 'Aborted due to cross-transaction contention.',
  DEADLINE_EXCEEDED: 'Deadline exceeded.',
  RESOURCE_EXHAUSTED: 'Quota exceeded.',
  INTERNAL: 'Internal error encountered.',
};

export const FAULT_RPCS = [
  'BatchGetDocuments',
  'BatchWrite',
  'BeginTransaction',
  'Commit',
  'ListCollectionIds',
  'ListDocuments',
  'Listen',
  'PartitionQuery',
  'Rollback',
  'RunAggregationQuery',
  'RunQuery',
  'Write',
] as const;

export type FaultRpc = (typeof FAULT_RPCS)[number];

export interface Fault {
  rpc: FaultRpc;
  /** The status it fails with; without one (and with `delayMs`) the call is only slow. */
  code?: FaultCode;
  /** A slow call: how long it waits (before it runs, or `after` it ran and before it answers). */
  delayMs?: number;
  /** Fail the next `count` calls (default: every call while `probability` draws it). */
  count?: number;
  /** Fail each call with this probability, drawn from the seeded generator (default 1). */
  probability?: number;
  /** Before the RPC runs (default), or after it has been applied, its answer replaced by the error. */
  when?: 'before' | 'after';
  /**
   * Only calls about a resource whose name contains this text (a document a commit writes or a
   * read names, a query's parent and collection): a fault aimed at one flow, which leaves the
   * rest of a shared emulator alone.
   */
  match?: string;
  message?: string;
}

interface ActiveFault extends Fault {
  fired: number;
}

export class FaultPlan {
  private faults: ActiveFault[] = [];
  private random = xoroshiro128plus(0);
  private seed = 0;

  /** Replaces the plan; checks every fault first, so a bad one changes nothing. */
  set(input: unknown): void {
    const { seed, faults } = parsePlan(input);
    this.faults = faults.map((fault) => ({ ...fault, fired: 0 }));
    this.seed = seed;
    this.random = xoroshiro128plus(seed);
  }

  clear(): void {
    this.faults = [];
  }

  describe(): { seed: number; faults: (Fault & { fired: number; left: number | null })[] } {
    return {
      seed: this.seed,
      faults: this.faults.map((fault) => ({
        ...fault,
        left: fault.count === undefined ? null : fault.count - fault.fired,
      })),
    };
  }

  /**
   * Throws the planned error for this RPC before it runs, if one is due; otherwise answers how
   * long a planned slow call waits before it runs (0: none). `names`: what the call is about.
   */
  before(rpc: string, names: readonly string[] = []): number {
    return this.fire(rpc, 'before', names);
  }

  /** The same, after the RPC has been applied: its error, or how long its answer waits. */
  after(rpc: string, names: readonly string[] = []): number {
    return this.fire(rpc, 'after', names);
  }

  private fire(rpc: string, when: 'before' | 'after', names: readonly string[]): number {
    let delay = 0;
    for (const fault of this.faults) {
      if (fault.rpc !== rpc || (fault.when ?? 'before') !== when) continue;
      const match = fault.match;
      if (match !== undefined && !names.some((name) => name.includes(match))) continue;
      if (fault.count !== undefined && fault.fired >= fault.count) continue;
      if (fault.probability !== undefined && uniformFloat64(this.random) >= fault.probability) continue;
      fault.fired++;
      if (fault.code) throw new FirestoreError(FAULT_CODES[fault.code], fault.message ?? MESSAGES[fault.code]);
      delay = Math.max(delay, fault.delayMs ?? 0);
    }
    return delay;
  }
}

function parsePlan(input: unknown): { seed: number; faults: Fault[] } {
  const bad = (message: string) => new FirestoreError(status.INVALID_ARGUMENT, `Fault plan: ${message}`);
  if (!input || typeof input !== 'object') throw bad('expected {"seed": n, "faults": [...]}');
  const { seed = 0, faults } = input as { seed?: unknown; faults?: unknown };
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw bad('seed must be an integer');
  if (!Array.isArray(faults)) throw bad('faults must be a list');
  return {
    seed,
    faults: faults.map((fault: unknown, i) => {
      const f = (fault ?? {}) as Record<string, unknown>;
      if (!FAULT_RPCS.includes(f['rpc'] as FaultRpc))
        throw bad(`faults[${i}].rpc must be one of ${FAULT_RPCS.join(', ')}`);
      const delayMs = f['delayMs'];
      if (
        delayMs !== undefined &&
        !(Number.isInteger(delayMs) && (delayMs as number) > 0 && (delayMs as number) <= 60_000)
      ) {
        throw bad(`faults[${i}].delayMs must be a whole number of milliseconds, at most 60000`);
      }
      const code = f['code'];
      if (!(typeof code === 'string' && code in FAULT_CODES) && !(code === undefined && delayMs !== undefined)) {
        throw bad(
          `faults[${i}].code must be one of ${Object.keys(FAULT_CODES).join(', ')} (or leave it out with delayMs)`,
        );
      }
      const count = f['count'];
      if (count !== undefined && !(Number.isInteger(count) && (count as number) >= 0)) {
        throw bad(`faults[${i}].count must be a whole number`);
      }
      const probability = f['probability'];
      if (probability !== undefined && !(typeof probability === 'number' && probability >= 0 && probability <= 1)) {
        throw bad(`faults[${i}].probability must be between 0 and 1`);
      }
      const when = f['when'];
      if (when !== undefined && when !== 'before' && when !== 'after')
        throw bad(`faults[${i}].when must be before or after`);
      const message = f['message'];
      if (message !== undefined && typeof message !== 'string') throw bad(`faults[${i}].message must be a string`);
      const match = f['match'];
      if (match !== undefined && (typeof match !== 'string' || match === '')) {
        throw bad(`faults[${i}].match must be a non-empty string`);
      }
      return {
        rpc: f['rpc'] as FaultRpc,
        ...(code === undefined ? {} : { code: code as FaultCode }),
        ...(delayMs === undefined ? {} : { delayMs: delayMs as number }),
        ...(count === undefined ? {} : { count: count as number }),
        ...(probability === undefined ? {} : { probability }),
        ...(when === undefined ? {} : { when }),
        ...(message === undefined ? {} : { message }),
        ...(match === undefined ? {} : { match: match as string }),
      };
    }),
  };
}
