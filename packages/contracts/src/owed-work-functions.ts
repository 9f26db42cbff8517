/** The functions' manifest's rows (functions.ts joins them) of the owed work: the joins' pushes. */
import type { FunctionRow } from './function-row.js';

export const owedWorkRows = {
  sendJoinPush: {
    trigger: 'firestore',
    maxInstances: 10,
    why: "every write of a join's record: the inviter's batch, and one FCM send per push it claims",
  },
  sweepOwedPushes: { trigger: 'schedule', maxInstances: 1, why: 'one sweep at a time, by design (docs/joins.md)' },
} as const satisfies Record<string, FunctionRow>;
