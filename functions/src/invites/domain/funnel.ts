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
 * - `confirmed`: an account that signed up through the invitation proved its address, once per
 *   account: at the door that accepts the proof (the sign-up's first proof, `signUpProvedAt`), or
 *   with an Apple or Google sign-up, whose provider is the proof.
 * - `joins`: a friendship made with this inviter, counted with the join record, so once per pair.
 *
 * Each event is also counted under its way in (`byWay.{way}.{event}`, invite-ways.ts) when the way
 * is known: the view's page address, the way the sign-up recorded, `link` for the app's "accept"
 * of her short link. Events whose way is unknown (older sign-ups) are in the totals only.
 */
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { SignUpRecord } from '@dayfocus/contracts/records';

/**
 * Shards per inviter and day. A viral inviter's day takes about 17 views, 17 sign-ups, 17
 * confirmations and 17 joins a second (10,000 people in ten minutes: docs/joins.md J), about 67
 * increments a second on her day, each on a shard chosen at random: 128 shards put about 0.5 a
 * second on each, half of the one write a second a document sustains, which leaves room for the random
 * spread. A shard is made by its first event, so an ordinary inviter's day has a few, and her
 * funnel reads only those.
 */
export const FUNNEL_SHARD_COUNT = 128;

export const FUNNEL_EVENTS = ['views', 'signUps', 'confirmed', 'joins'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];
/** The events `sumFunnel` sums (FunnelStore.funnelOf; the report and her own view sum every event by way). */
const DAY_EVENTS = ['views', 'signUps', 'joins'] as const;

/** A shard's map of the counts by way in: `{ [way]: { [event]: n } }`. */
export const FUNNEL_WAYS_FIELD = 'byWay';

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

/**
 * What one event merges into its shard, `increment` standing for the store's increment by one: the
 * event's total and, when the way is known, its count under that way.
 */
export function funnelShardFields<I>(
  inviterId: string,
  day: string,
  event: FunnelEvent,
  way: InviteWay | undefined,
  increment: I,
): Record<string, unknown> {
  const byWay = way ? { [FUNNEL_WAYS_FIELD]: { [way]: { [event]: increment } } } : {};
  return { inviterId, day, [event]: increment, ...byWay };
}

/** Sums shards into days, oldest first; a missing field counts 0. */
export function sumFunnel(shards: readonly Record<string, unknown>[]): FunnelDay[] {
  const days = new Map<string, FunnelDay>();
  for (const shard of shards) {
    if (typeof shard.day !== 'string') continue;
    const total = days.get(shard.day) ?? { day: shard.day, views: 0, signUps: 0, joins: 0 };
    for (const event of DAY_EVENTS) {
      const value = shard[event];
      if (typeof value === 'number') total[event] += value;
    }
    days.set(shard.day, total);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The confirmation a proof's spending counts, or null: the sign-up's first proof (its
 * `signUpProvedAt` written by this spending, which happens once per account), for the inviter and
 * the way its record names.
 */
export function confirmationOf(
  signUp: Pick<SignUpRecord, 'invitedBy' | 'inviteWay' | 'inviteLink'> | undefined,
  update: Partial<SignUpRecord>,
): { inviterId: string; way: InviteWay | undefined; link: string | undefined } | null {
  if (update.signUpProvedAt === undefined || !signUp?.invitedBy) return null;
  // The recorded link is one of hers (the sign-up keeps no other): its numbers count it too.
  return { inviterId: signUp.invitedBy, way: signUp.inviteWay ?? undefined, link: signUp.inviteLink ?? undefined };
}
