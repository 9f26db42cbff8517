/** The ports of owed work: how a push leaves, and how a claimed one is handed to its sender. */
import type { PushClaim } from '../domain/friend-join.js';
import type { PushMessage } from '../domain/push.js';

export interface PushOutcome {
  token: string;
  delivered: boolean;
  /** firebase-admin's error code, e.g. "messaging/registration-token-not-registered". */
  errorCode?: string;
  errorMessage?: string;
}

export interface PushTransport {
  send(messages: PushMessage[]): Promise<PushOutcome[]>;
}

/**
 * Hands a push that a join's commit claimed to the function that sends it (a Cloud Tasks
 * queue in production and in the local stack), so that the caller's answer never waits for
 * FCM. A claim the queue never delivers is sent by the sweep once its lease runs out.
 */
export interface PushQueue {
  enqueue(claim: PushClaim): Promise<void>;
}
