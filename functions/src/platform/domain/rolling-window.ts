/** At most `limit` events in any `windowMs`, from the events' own stamps (ISO times kept on a record). */
import { createHash } from 'node:crypto';

export interface RollingWindow {
  limit: number;
  windowMs: number;
}

/**
 * The stamps still in the window that ends at `now`, oldest first. A stamp later than `now`
 * counts too; one that does not read as a time counts as gone, never as blocking for ever.
 */
export function stampsInWindow(stamps: readonly string[] | undefined, window: RollingWindow, now: Date): string[] {
  const from = now.getTime() - window.windowMs;
  return (stamps ?? [])
    .map((stamp) => ({ stamp, ms: Date.parse(stamp) }))
    .filter((entry) => entry.ms > from)
    .sort((a, b) => a.ms - b.ms)
    .map((entry) => entry.stamp);
}

/** When one more event may happen: `now` if it may now, else when the oldest that keeps the window full leaves it. */
export function nextAllowedAt(stamps: readonly string[] | undefined, window: RollingWindow, now: Date): Date {
  const inWindow = stampsInWindow(stamps, window, now);
  if (inWindow.length < window.limit) return now;
  const leaving = inWindow[inWindow.length - window.limit] as string;
  return new Date(Math.max(now.getTime(), Date.parse(leaving) + window.windowMs));
}

/** The stamps with one at `now` counted: those that no longer matter dropped, at most `limit` kept. */
export function withEventCounted(stamps: readonly string[] | undefined, window: RollingWindow, now: Date): string[] {
  return [...stampsInWindow(stamps, window, now), now.toISOString()].slice(-window.limit);
}

/**
 * A limit's record key: what it counts (`client`, `address`, `holder`, ...) and a SHA-256 of whom,
 * so that no address or holder is kept in the clear.
 */
export const limitKey = (kind: string, value: string): string =>
  `${kind}-${createHash('sha256').update(value).digest('base64url')}`;
