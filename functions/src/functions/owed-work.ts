/**
 * The sweep that delivers what joins still owe their inviters (pushes that failed or whose
 * sender died, history entries that could not be written at once) and the summary pushes of
 * joins that got none of their own because the inviter had had the hour's pushes.
 */
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { SWEEP_SCHEDULE } from '../domain/joins.js';
import { maxInstances } from './capacity.js';
import { inviteFlow } from './wiring.js';

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
    await inviteFlow.sweepOwedWork();
  },
);
