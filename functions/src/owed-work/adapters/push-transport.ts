/** Sends pushes: FCM HTTP v1 through firebase-admin (the local stack's outbox: local/dev-outbox.ts). */
import type { Messaging } from 'firebase-admin/messaging';
import type { PushMessage } from '../domain/push.js';
import type { PushOutcome, PushTransport } from '../flows/ports.js';

export class FcmTransport implements PushTransport {
  constructor(private readonly messaging: () => Messaging) {}

  async send(messages: PushMessage[]): Promise<PushOutcome[]> {
    if (messages.length === 0) return [];
    const batch = await this.messaging().sendEach(messages);
    return batch.responses.map((response, index) => ({
      token: messages[index]?.token ?? '',
      delivered: response.success,
      errorCode: response.error?.code,
      errorMessage: response.error?.message,
    }));
  }
}
