/**
 * No FCM emulator exists: every message is recorded exactly as it would be sent, and FCM's
 * answers are imitated for test tokens.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { PushMessage } from '../owed-work/domain/push.js';
import type { PushOutcome, PushTransport } from '../owed-work/flows/ports.js';
import { localCollections } from './collections.js';

/**
 * Tokens of the local stack that make the outbox answer like FCM does when something is
 * wrong, so that the failure paths can be exercised end to end:
 * `dev-unregistered-*` (the app was uninstalled), `dev-invalid-argument-*` (FCM rejected
 * the request), `dev-unavailable-*` (the transport failed: the whole call throws), and
 * `dev-outage-*`: the transport fails while `_devFcmOutages/{token}` exists, so that a test
 * can take FCM down and bring it back.
 */
export const devTokenBehaviour = {
  unregistered: 'dev-unregistered-',
  invalidArgument: 'dev-invalid-argument-',
  unavailable: 'dev-unavailable-',
  outage: 'dev-outage-',
} as const;

const unavailable = () =>
  Object.assign(new Error('FCM could not be reached (simulated by the local stack)'), {
    code: 'messaging/server-unavailable',
  });

export class DevOutboxTransport implements PushTransport {
  constructor(private readonly firestore: Firestore) {}

  async send(messages: PushMessage[]): Promise<PushOutcome[]> {
    if (messages.some((m) => m.token.startsWith(devTokenBehaviour.unavailable))) throw unavailable();
    const outageTokens = messages.map((m) => m.token).filter((token) => token.startsWith(devTokenBehaviour.outage));
    if (outageTokens.length > 0) {
      const outages = await this.firestore.getAll(
        ...outageTokens.map((token) => this.firestore.collection(localCollections.fcmOutages).doc(token)),
      );
      if (outages.some((outage) => outage.exists)) throw unavailable();
    }
    const outbox = this.firestore.collection(localCollections.pushOutbox);
    return Promise.all(
      messages.map(async (message): Promise<PushOutcome> => {
        if (message.token.startsWith(devTokenBehaviour.unregistered)) {
          return {
            token: message.token,
            delivered: false,
            errorCode: 'messaging/registration-token-not-registered',
            errorMessage: 'Requested entity was not found.',
          };
        }
        if (message.token.startsWith(devTokenBehaviour.invalidArgument)) {
          return {
            token: message.token,
            delivered: false,
            errorCode: 'messaging/invalid-argument',
            errorMessage: 'Request contains an invalid argument.',
          };
        }
        await outbox.add({ token: message.token, message, sentAt: new Date().toISOString() });
        return { token: message.token, delivered: true };
      }),
    );
  }
}
