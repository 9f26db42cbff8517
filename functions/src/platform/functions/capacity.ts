/**
 * The most instances each function may run at once: a cap on a runaway bill (a bot loop, a
 * bug in the app that calls in a loop), not a capacity plan. A 2nd-gen instance serves up to
 * 80 requests at once, so even the smallest cap here serves hundreds of concurrent visitors;
 * beyond the cap, requests queue briefly and then get 429, which the callables' clients retry.
 * docs/architecture.md explains the values.
 */
export const maxInstances = {
  /**
   * Every first view of an invitation that Hosting's CDN has not cached (at most one a minute
   * per page and CDN location), and "I already have an account" taps it has not cached.
   */
  invitationPage: 20,
  /** The sign-up pages ask for the inviter once per visitor (the invitation page no longer does). */
  getInviter: 20,
  /** "I already have an account": once per visitor who taps it. */
  createAppLink: 10,
  /** The app, once per invite it picks up (before sign-in) and once per acceptance. */
  resolveAppLink: 10,
  acceptInvite: 10,
  /** One call per new account (each needs a new Firebase Auth account first). */
  registerInvitee: 10,
  activateAccount: 10,
  completeSocialSignUp: 10,
  /** Every open of a short link: the one function a viral link or a crawler storm hits. */
  openAppLink: 30,
  /** The two association files, fetched by the phones' OS now and then, and cached by Hosting. */
  appSiteAssociation: 5,
  /** Account events: one per sign-up or deletion. */
  onAccountCreated: 10,
  onAccountDeleted: 5,
  /** One task per join that owes a push, each a single FCM send. */
  deliverJoinPush: 10,
  /** One sweep at a time, by design (joins.md). */
  sweepOwedPushes: 1,
  /** Local stack only. */
  devBaselineWrite: 10,
  devBaselineGuardedCommit: 10,
  devSweepOwedPushes: 1,
  devTrivialHttp: 30,
} as const;

export type FunctionName = keyof typeof maxInstances;
