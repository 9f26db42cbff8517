/**
 * Counting the opens of a short link without a hot document: Firestore's distributed counter.
 * Each open increments one randomly chosen shard `_appLinks/{code}/openShards/{0..N-1}`; the
 * count of the link is the sum over its shards. Each open is also counted by where the link
 * was shared (its source, from `?src=`). Pure rules; the store does the reads and writes.
 */
import type { Visitor } from '@dayfocus/contracts/link-paths';

/**
 * Shards per link. Firestore sustains about one write a second on one document (bursts above
 * that queue up and then fail with contention), and a shard is chosen at random, so a link's
 * opens must average well under one a second per shard for the busiest shard to keep up. A
 * viral invitation is opened about 17 times a second for minutes on end (10,000 in ten minutes:
 * docs/joins.md J): 64 shards put about 0.27 a second on each, a quarter of the rate, which
 * leaves room for the random spread and for bots. A shard is made by its first open, so an
 * ordinary link has a handful, and the count (summed off the hot path) reads only those.
 */
export const OPEN_SHARD_COUNT = 64;

/** The subcollection of `_appLinks/{code}` holding the shards. */
export const OPEN_SHARDS_COLLECTION = 'openShards';

export const VISITORS: readonly Visitor[] = ['ios', 'android', 'web', 'crawler'];

/**
 * Where a link was shared, as the sharer tags it: `?src=` (or `utm_source` when there is no
 * `src`). `direct` is an open without either tag; `other` one whose tag is not in this list.
 */
export const OPEN_SOURCES = [
  'direct',
  'whatsapp',
  'sms',
  'telegram',
  'instagram',
  'facebook',
  'email',
  'qr',
  'copy',
  'other',
] as const;
export type OpenSource = (typeof OPEN_SOURCES)[number];

/** Longer tags are not one of ours; they count as `other` (and cannot bloat the shard). */
const MAX_SOURCE_LENGTH = 32;

/**
 * The source of an open from the request's raw path and query: `src`, else `utm_source`,
 * matched case-insensitively (surrounding spaces ignored) against OPEN_SOURCES. A tag that is
 * empty, unknown or over-long is `other`; no tag at all is `direct`. Only names of the list are
 * ever returned, so a visitor cannot add fields to the shard.
 */
export function openSourceOf(rawUrl: string): OpenSource {
  const queryStart = rawUrl.indexOf('?');
  const query = new URLSearchParams(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1));
  const tag = query.get('src') ?? query.get('utm_source');
  if (tag === null) return 'direct';
  if (tag.length > MAX_SOURCE_LENGTH) return 'other';
  const name = tag.trim().toLowerCase();
  return OPEN_SOURCES.find((source) => source === name && source !== 'direct') ?? 'other';
}

/** One shard document as stored; every field appears with the first open it counts. */
export interface OpenShard {
  opens?: number;
  opensBy?: Partial<Record<Visitor, number>>;
  /** Opens by source; absent from shards that counted opens before sources were. */
  sources?: Partial<Record<OpenSource, number>>;
  /** The time of the latest open this shard counted (written with the increment, on the shard). */
  lastOpenedAt?: string;
}

/** The opens of one link: the sum over its shards. */
export interface OpenCounts {
  opens: number;
  opensBy: Record<Visitor, number>;
  /** The latest open of any shard; absent while the link was never opened. */
  lastOpenedAt?: string;
}

export function noOpens(): OpenCounts {
  return { opens: 0, opensBy: { ios: 0, android: 0, web: 0, crawler: 0 } };
}

/**
 * The shard the next open increments, uniformly among `shards`; `random` answers in [0, 1)
 * like Math.random (a value out of that range still lands on a valid shard).
 */
export function pickOpenShard(random: () => number, shards: number = OPEN_SHARD_COUNT): number {
  const index = Math.floor(random() * shards);
  return Number.isFinite(index) ? Math.min(shards - 1, Math.max(0, index)) : 0;
}

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The totals of a link from its shards (missing shards and fields count as 0). */
export function sumOpenShards(shards: Iterable<OpenShard | undefined>): OpenCounts {
  const total = noOpens();
  for (const shard of shards) {
    if (!shard) continue;
    total.opens += countOf(shard.opens);
    for (const visitor of VISITORS) total.opensBy[visitor] += countOf(shard.opensBy?.[visitor]);
    if (typeof shard.lastOpenedAt === 'string' && (!total.lastOpenedAt || shard.lastOpenedAt > total.lastOpenedAt))
      total.lastOpenedAt = shard.lastOpenedAt;
  }
  return total;
}
