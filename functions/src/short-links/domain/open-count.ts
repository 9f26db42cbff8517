/**
 * A short link's opens without a hot document: Firestore's distributed counter. Each open
 * increments one shard chosen at random; the link's count is the sum over its shards.
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

/** Only names of OPEN_SOURCES are ever returned, so a visitor cannot add fields to the shard. */
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
  lastOpenedAt?: string;
}

export interface OpenCounts {
  opens: number;
  opensBy: Record<Visitor, number>;
  /** The latest open of any shard; absent while the link was never opened. */
  lastOpenedAt?: string;
}

export function noOpens(): OpenCounts {
  return { opens: 0, opensBy: { ios: 0, android: 0, web: 0, crawler: 0 } };
}

/** `random` as Math.random's; a value out of [0, 1) still lands on a valid shard. */
export function pickOpenShard(random: () => number, shards: number = OPEN_SHARD_COUNT): number {
  const index = Math.floor(random() * shards);
  return Number.isFinite(index) ? Math.min(shards - 1, Math.max(0, index)) : 0;
}

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Missing shards and fields count as 0. */
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
