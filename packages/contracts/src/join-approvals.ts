/**
 * A link that asks her first (docs/inviter-view.md, "A link that asks her first"): what the app
 * lists of the people waiting for her (`pendingJoins`) and what her decision answers (`decideJoin`).
 */

/** One person waiting for her. */
export interface PendingJoin {
  /** The person's uid: `decideJoin` takes it. */
  userId: string;
  name: string;
  /** The link the request came through, and its name (null once the link is gone). */
  link: { code: string; name: string | null };
  requestedAt: string;
  /** Undecided by then, the request lapses: it leaves this list and can be asked again. */
  lapsesAt: string;
}

export interface PendingJoins {
  /** Newest first, at most a page; `more`: there are others beyond it. */
  requests: PendingJoin[];
  more: boolean;
}

/** `friends`: the two are friends (also when they were already); `declined`: nothing was made. */
export interface JoinDecisionAnswer {
  outcome: 'friends' | 'declined';
}

/** The refusals' details (`failed-precondition`) of a request that lapsed, or was decided the other way. */
export type JoinRequestRefusal = { request: 'lapsed' } | { request: 'decided' };
