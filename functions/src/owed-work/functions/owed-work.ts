/**
 * What joins owe their inviters, delivered off the request path: `deliverJoinPush` sends the
 * push a join claimed (a task of the push queue), and the sweep delivers whatever is still
 * owed (pushes that failed or whose sender died, history entries that could not be written
 * at once) and the summary pushes of joins that got none of their own because the inviter
 * had had the hour's pushes.
 */
import * as yup from 'yup';
import { logger } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { validateRequest } from '@dayfocus/contracts/requests';
import { SWEEP_SCHEDULE } from '../domain/push-claims.js';
import { type PushClaim } from '../domain/friend-join.js';
import { maxInstances } from '../../platform/functions/capacity.js';
import { owedWorkFlow } from '../../platform/wiring.js';

const text = () => yup.string().strict();

/** A queued claim as push-claims.ts's claimPush made it; Cloud Tasks hands it back as JSON. */
const queuedClaimSchema: yup.Schema<PushClaim> = yup
  .object({
    inviterId: text().required(),
    inviteeId: text().required(),
    token: text().nullable().defined(),
    inviteeName: text().defined(),
    language: text().optional(),
    attempts: yup.number().strict().integer().min(1).required(),
    claimedAt: text().required(),
    history: text()
      .oneOf(['written', 'owed', 'not-owed'] as const)
      .required(),
    historyDueAt: text().optional(),
  })
  .noUnknown()
  .strict();

/**
 * Sends the push a join claimed, once, and settles it on the join. Cloud Tasks does not retry
 * it (one attempt): a failed send is recorded on the join and retried by the sweep with
 * backoff, and a task that dies unsettled leaves a claim that the sweep takes over after its
 * lease. Only Cloud Tasks may call it (a task queue function is private).
 */
export const deliverJoinPush = onTaskDispatched<PushClaim>(
  {
    region: FUNCTIONS_REGION,
    maxInstances: maxInstances.deliverJoinPush,
    retryConfig: { maxAttempts: 1 },
    timeoutSeconds: 60,
  },
  async (request) => {
    const validation = validateRequest(queuedClaimSchema, request.data);
    if (!validation.ok) {
      // Not ours: nothing to settle, and no retry would make it valid.
      logger.error('A queued push that is not a claim was dropped', { problems: validation.problems });
      return;
    }
    await owedWorkFlow.deliverQueuedPush(validation.value);
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
