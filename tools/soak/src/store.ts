/**
 * The soak's own reads and writes of the stack's Firestore, through the Admin SDK (and its reads
 * of Auth, for the sign-in handoff's sessions). Faults are injected for every client of the
 * emulator, the soak's own included, so its set-up writes are tried again as an operator's script
 * would.
 */
import { adminAuth, adminDb } from '@dayfocus/stack/testing';

export { adminAuth, adminDb };

const RETRIED = new Set([4, 8, 10, 13, 14]); // DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, INTERNAL, UNAVAILABLE

/** Runs `operation` until it succeeds, trying again after a transient Firestore error (10 tries). */
export async function steadily<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!RETRIED.has((error as { code?: number }).code ?? -1) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
