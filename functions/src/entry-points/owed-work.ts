/**
 * What joins owe their inviters (history entries, pushes), delivered off the request path
 * (docs/joins.md). The sweep delivers whatever a trigger left owed, and the summary pushes of
 * joins that got none of their own because the inviter had had the hour's pushes.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { collections } from '@dayfocus/contracts/records';
import { SWEEP_SCHEDULE } from '../owed-work/domain/push-claims.js';
import { recordOf } from '../platform/adapters/converters.js';
import { owedWorkConverters } from '../owed-work/adapters/owed-work-refs.js';
import { maxInstances } from '../platform/functions/capacity.js';
import { owedWorkFlow } from '../composition/wiring/owed-work.js';

/**
 * Firestore's event is not retried: a batch that failed stays owed for the next batch or the
 * sweep, a failed send is recorded on the join and retried by the sweep with backoff, and a run
 * that dies unsettled leaves a claim that the sweep takes over after its lease. The trigger's
 * location is the database's (a deploy sets it); the function runs in the functions' region.
 */
export const sendJoinPush = onDocumentWritten(
  {
    document: `${collections.friendJoins}/{joinId}`,
    region: FUNCTIONS_REGION,
    maxInstances: maxInstances.sendJoinPush,
    retry: false,
    timeoutSeconds: 60,
  },
  async (event) => {
    const before = recordOf(owedWorkConverters.friendJoins, event.data?.before);
    const after = recordOf(owedWorkConverters.friendJoins, event.data?.after);
    await owedWorkFlow.onJoinWritten(before, after);
  },
);

export const sweepOwedPushes = onSchedule(
  // One run at a time: the sweep's claims make an overlap harmless, but never useful.
  {
    schedule: SWEEP_SCHEDULE,
    region: FUNCTIONS_REGION,
    maxInstances: maxInstances.sweepOwedPushes,
    retryCount: 0,
    timeoutSeconds: 240,
  },
  async () => {
    await owedWorkFlow.sweepOwedWork();
  },
);
