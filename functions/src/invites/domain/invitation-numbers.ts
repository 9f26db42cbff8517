/**
 * The inviter's own view of her invitation (`myInvitations`): her funnel's last days summed by way
 * in, and the people her joins recorded, a page at a time. Pure; the flow reads, this shapes.
 */
import type {
  InvitationCounts,
  InvitationDay,
  InvitationFigures,
  InvitedPerson,
} from '@dayfocus/contracts/inviter-view-functions';
import { INVITE_WAYS, isInviteWay } from '@dayfocus/contracts/invite-ways';
import { FUNNEL_EVENTS, FUNNEL_WAYS_FIELD, funnelDay } from './funnel.js';

const DAY_MS = 86_400_000;

/** The `count` UTC days that end with today's, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => funnelDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

const zero = (): InvitationCounts => ({ views: 0, signUps: 0, confirmed: 0, joins: 0 });

function noFigures(): InvitationFigures {
  return {
    all: zero(),
    byWay: Object.fromEntries(INVITE_WAYS.map((way) => [way, zero()])) as InvitationFigures['byWay'],
  };
}

/** Adds a map of counts as a shard holds it; anything not a number counts 0. */
function addCounts(into: InvitationCounts, from: unknown): void {
  if (typeof from !== 'object' || from === null) return;
  for (const event of FUNNEL_EVENTS) {
    const value = (from as Record<string, unknown>)[event];
    if (typeof value === 'number' && Number.isFinite(value)) into[event] += value;
  }
}

function addShard(into: InvitationFigures, shard: Record<string, unknown>): void {
  addCounts(into.all, shard);
  const byWay = shard[FUNNEL_WAYS_FIELD];
  if (typeof byWay !== 'object' || byWay === null) return;
  for (const way of INVITE_WAYS) addCounts(into.byWay[way], (byWay as Record<string, unknown>)[way]);
}

/** Every day of `days` (zeros where nothing was counted) and their total; shards of other days are left out. */
export function invitationFigures(
  shards: readonly Record<string, unknown>[],
  days: readonly string[],
): { days: InvitationDay[]; total: InvitationFigures } {
  const byDay = new Map(days.map((day) => [day, noFigures()]));
  const total = noFigures();
  for (const shard of shards) {
    const figures = typeof shard.day === 'string' ? byDay.get(shard.day) : undefined;
    if (!figures) continue;
    addShard(figures, shard);
    addShard(total, shard);
  }
  return { days: days.map((day) => ({ day, ...(byDay.get(day) ?? noFigures()) })), total };
}

/** Where a page of people ends: the last join's time and invitee, which orders ties. */
export interface JoinCursor {
  joinedAt: string;
  inviteeId: string;
}

export function encodeCursor(cursor: JoinCursor): string {
  return Buffer.from(JSON.stringify([cursor.joinedAt, cursor.inviteeId]), 'utf8').toString('base64url');
}

/** Null for anything no answer of ours gave. */
export function decodeCursor(text: string): JoinCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [joinedAt, inviteeId] = value as unknown[];
    if (typeof joinedAt !== 'string' || Number.isNaN(Date.parse(joinedAt))) return null;
    if (typeof inviteeId !== 'string' || inviteeId.length === 0 || inviteeId.length > 128) return null;
    return { joinedAt, inviteeId };
  } catch {
    return null;
  }
}

/** A join's record as the page reads it: only what the friendship already recorded. */
export interface JoinRow {
  inviteeId: string;
  inviteeName: string;
  createdAt: string;
  way?: unknown;
  /** Her account was deleted (gone-invitees.ts): she is in no list, though the cursor moves past her. */
  gone?: boolean;
}

export function personOf(join: JoinRow): InvitedPerson {
  return {
    userId: join.inviteeId,
    name: join.inviteeName,
    joinedAt: join.createdAt,
    way: isInviteWay(join.way) ? join.way : null,
  };
}

/** `rows`: up to one more than a page, newest first; the extra one only says there is a next page. */
export function peoplePage(
  rows: readonly JoinRow[],
  pageSize: number,
): { people: InvitedPerson[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const more = rows.length > pageSize && last !== undefined;
  return {
    people: page.filter((row) => !row.gone).map(personOf),
    nextCursor: more ? encodeCursor({ joinedAt: last.createdAt, inviteeId: last.inviteeId }) : null,
  };
}
