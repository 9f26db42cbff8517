/** The collections only the local stack writes (never in a deployment's Firestore). */
export const localCollections = {
  /** Every push exactly as it would have been sent to FCM (dev-outbox.ts). */
  pushOutbox: '_devPushOutbox',
  /** FCM is down for the `dev-outage-*` tokens that have a document here (dev-outbox.ts). */
  fcmOutages: '_devFcmOutages',
  /** The fault switch's points, each with the probability that a function dies there (dev-crash-switch.ts). */
  crashPoints: '_devCrashPoints',
  /** App Check's stand-in: each consumed token's id (dev-app-check.ts). */
  appCheckTokens: '_devAppCheckTokens',
  /** The benchmark baselines' writes (dev-callables.ts). */
  baseline: '_devBaseline',
} as const;
