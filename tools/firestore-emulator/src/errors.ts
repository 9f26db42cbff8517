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

export function isFirestoreError(error: unknown): error is FirestoreError {
  return error instanceof FirestoreError;
}

export const invalidArgument = (message: string): FirestoreError =>
  new FirestoreError(status.INVALID_ARGUMENT, message);
export const failedPrecondition = (message: string): FirestoreError =>
  new FirestoreError(status.FAILED_PRECONDITION, message);
export const notFound = (message: string): FirestoreError => new FirestoreError(status.NOT_FOUND, message);
export const alreadyExists = (message: string): FirestoreError => new FirestoreError(status.ALREADY_EXISTS, message);
export const aborted = (message: string): FirestoreError => new FirestoreError(status.ABORTED, message);
export const unimplemented = (message: string): FirestoreError => new FirestoreError(status.UNIMPLEMENTED, message);
export const internal = (message: string): FirestoreError => new FirestoreError(status.INTERNAL, message);
export const deadlineExceeded = (message: string): FirestoreError =>
  new FirestoreError(status.DEADLINE_EXCEEDED, message);
export const resourceExhausted = (message: string): FirestoreError =>
  new FirestoreError(status.RESOURCE_EXHAUSTED, message);
