/**
 * An invite funnel per inviter and day: how many people viewed the invitation, signed up from
 * it and became friends. Pure rules; the store writes and reads.
 *
 * Each event is one increment of one field of one randomly chosen shard
 * `_inviteFunnels/{inviterId}/shards/{day}_{n}` (Firestore's distributed counter: a popular
 * inviter's views would otherwise all land on one document, which sustains about one write a
 * second). An increment is exact under any concurrency; a day's figure is the sum of its shards.
 *
 * - `views`: the invitation page once the app has taken it over in a browser (a beacon after
 *   load). Pages served to crawlers and to browsers without JavaScript are not counted, and
 *   neither are copies Hosting's CDN serves before the app runs: a view is a person's browser.
 * - `signUps`: an account that names this inviter at sign-up for the first time.
 * - `joins`: a friendship made with this inviter, counted with the join record, so once per pair.
 */

/**
 * Shards per inviter and day. A viral inviter's day takes about 17 views, 17 sign-ups and 17
 * joins a second (10,000 people in ten minutes: docs/joins.md J), about 50 increments a second
 * on her day, each on a shard chosen at random: 128 shards put about 0.4 a second on each,
 * under half of the one write a second a document sustains, which leaves room for the random
 * spread. A shard is made by its first event, so an ordinary inviter's day has a few, and her
 * funnel reads only those.
 */
export const FUNNEL_SHARD_COUNT = 128;

export const FUNNEL_EVENTS = ['views', 'signUps', 'joins'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

export interface FunnelDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
  signUps: number;
  joins: number;
}

export function funnelDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function funnelShardId(day: string, shard: number): string {
  return `${day}_${shard}`;
}

/** The increment itself is the store's. */
export function funnelShardFields(inviterId: string, day: string): { inviterId: string; day: string } {
  return { inviterId, day };
}

/** Sums shards into days, oldest first; a missing field counts 0. */
export function sumFunnel(shards: readonly Record<string, unknown>[]): FunnelDay[] {
  const days = new Map<string, FunnelDay>();
  for (const shard of shards) {
    if (typeof shard.day !== 'string') continue;
    const total = days.get(shard.day) ?? { day: shard.day, views: 0, signUps: 0, joins: 0 };
    for (const event of FUNNEL_EVENTS) {
      const value = shard[event];
      if (typeof value === 'number') total[event] += value;
    }
    days.set(shard.day, total);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
