/**
 * The queue of claimed pushes: a Cloud Tasks queue whose tasks run `deliverJoinPush`
 * (owed-work/functions/owed-work.ts). In the local stack, firebase-tools' tasks emulator dispatches
 * them to the Functions emulator (firebase-admin finds it through CLOUD_TASKS_EMULATOR_HOST).
 */
import type { Functions } from 'firebase-admin/functions';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import type { PushClaim } from '../domain/friend-join.js';
import type { PushQueue } from '../flows/ports.js';

/** The function that sends a queued push; its name is the queue's. */
export const PUSH_QUEUE_FUNCTION = 'deliverJoinPush';

export class TaskPushQueue implements PushQueue {
  constructor(private readonly functions: () => Functions) {}

  async enqueue(claim: PushClaim): Promise<void> {
    const queue = this.functions().taskQueue<PushClaim>(
      `locations/${FUNCTIONS_REGION}/functions/${PUSH_QUEUE_FUNCTION}`,
    );
    await queue.enqueue(claim);
  }
}
