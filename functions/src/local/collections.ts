/** The collections only the local stack writes (never in a deployment's Firestore). */
export const localCollections = {
  /** Every push exactly as it would have been sent to FCM. */
  pushOutbox: '_devPushOutbox',
  /** FCM is down for the `dev-outage-*` tokens that have a document here. */
  fcmOutages: '_devFcmOutages',
  /** The fault switch's points, each with the probability that a function dies there. */
  crashPoints: '_devCrashPoints',
  /** App Check's stand-in: each consumed token's id. */
  appCheckTokens: '_devAppCheckTokens',
  baseline: '_devBaseline',
} as const;
