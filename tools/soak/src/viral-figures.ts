/**
 * What the viral inviter (`--viral`) got, for the report: her joins, her history's entries, the
 * pushes of her own joins and the summaries of the rest, and how many activations her bursts
 * brought at once. The invariants hold her to the same promises as any inviter; these figures
 * show what they were checked on.
 */
import { friendJoinCollapseId } from '@dayfocus/functions/owed-work/domain/push';
import { readInboxes } from './inbox.js';
import type { Inviter, JourneyOutcome } from './journeys.js';
import { adminDb } from './store.js';

export interface ViralFigures {
  inviterId: string;
  journeys: number;
  finished: number;
  /** Join records, and those whose friendship the join made. */
  joins: number;
  friendshipsMade: number;
  /** Entries in her notification history. */
  entries: number;
  /** Her own joins' pushes delivered (distinct), and those first sent before the sweep began. */
  pushes: number;
  pushesDuringJourneys: number;
  /** Joins held for a summary, and the summary pushes delivered (distinct). */
  summarized: number;
  summaries: number;
  /** Activations let go together, wave by wave: the largest burst, and the bursts in all. */
  largestBurst: number;
  bursts: number;
}

export async function viralFigures(
  inviter: Inviter,
  outcomes: readonly JourneyOutcome[],
  bursts: readonly number[],
  journeysEnded: string,
): Promise<ViralFigures> {
  const viral = outcomes.filter((outcome) => outcome.plan.kind === 'viral');
  const snapshot = await adminDb.collection('_friendJoins').where('inviterId', '==', inviter.userId).get();
  const joins = snapshot.docs.map((doc) => doc.data());
  const inbox = (await readInboxes([inviter])).get(inviter.userId);
  const ownKeys = new Set(joins.map((join) => friendJoinCollapseId(String(join['inviteeId']))));
  const keys = [...(inbox?.outbox.byCollapseId.keys() ?? [])];
  const firstSent = [...(inbox?.outbox.firstSent ?? [])];
  return {
    inviterId: inviter.userId,
    journeys: viral.length,
    finished: viral.filter((outcome) => outcome.finished).length,
    joins: joins.length,
    friendshipsMade: joins.filter((join) => join['friendship'] === 'created').length,
    entries: inbox?.history.length ?? 0,
    pushes: keys.filter((key) => ownKeys.has(key)).length,
    pushesDuringJourneys: firstSent.filter(([key, at]) => ownKeys.has(key) && at < journeysEnded).length,
    summarized: joins.filter((join) => join['push'] === 'summarized').length,
    summaries: keys.filter((key) => !ownKeys.has(key)).length,
    largestBurst: Math.max(0, ...bursts),
    bursts: bursts.filter((size) => size > 0).length,
  };
}

/** The report's line of figures. */
export function describeViral(figures: ViralFigures): string {
  const f = figures;
  return (
    `Viral inviter ${f.inviterId}: ${f.journeys} journeys (${f.finished} finished), ${f.joins} joins` +
    ` (${f.friendshipsMade} friendships made), ${f.entries} history entries, ${f.pushes} own pushes` +
    ` (${f.pushesDuringJourneys} before the sweep), ${f.summarized} joins summed up in ${f.summaries} summary` +
    ` push(es); ${f.bursts} bursts, the largest ${f.largestBurst} activations at once`
  );
}
