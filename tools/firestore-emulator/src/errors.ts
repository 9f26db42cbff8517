/**
 * The one error type the emulator throws for anything a client should see: a gRPC status code
 * and a message, as production Firestore would answer them. The gRPC layer turns it into a
 * status; anything else thrown is a bug and becomes INTERNAL.
 */
import { status } from '@grpc/grpc-js';

export class FirestoreError extends Error {
  constructor(
    /** A gRPC status code (`status.INVALID_ARGUMENT`, …). */
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
}

export const invalidArgument = (message: string): FirestoreError =>
  new FirestoreError(status.INVALID_ARGUMENT, message);
