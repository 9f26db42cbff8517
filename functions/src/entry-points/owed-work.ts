/**
 * What joins owe their inviters, delivered off the request path: `sendJoinPush` runs on each
 * change of a join's record, delivers the inviter's batch for a new join (her history entries
 * and push decisions) and sends each push a batch claimed, and the sweep delivers whatever is
 * still owed (batches whose trigger died, pushes that failed or whose sender died) and the
 * summary pushes of joins that got none of their own because the inviter had had the hour's
 * pushes.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { collections } from '@dayfocus/contracts/records';
import { SWEEP_SCHEDULE } from '../owed-work/domain/push-claims.js';
import { recordOf } from '../platform/adapters/converters.js';
import { owedWorkConverters } from '../owed-work/adapters/owed-work-refs.js';
import { maxInstances } from '../platform/functions/capacity.js';
import { owedWorkFlow } from '../composition/wiring.js';

/**
 * Delivers a new join's batch, and sends a push its batch claimed, once, and settles it on the
 * join. Firestore's event is not retried (`retry: false`): a batch that failed stays owed for the
 * next batch or the sweep, a failed send is recorded on the join and retried by the sweep with
 * backoff, and a run that dies unsettled leaves a claim that the sweep takes over after its lease. The trigger's location is the database's (a deploy sets it); the function
 * runs in the functions' region.
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
