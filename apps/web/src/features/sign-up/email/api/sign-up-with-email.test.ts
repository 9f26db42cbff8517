import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { SIGN_UP_BUSY } from '@dayfocus/contracts/sign-up-refusals';
import { EmailInUseError, submitProblemOf } from './sign-up-with-email';

describe('what the e-mail form says of a failed sign-up', () => {
  it('tells Auth refusing new accounts from this network apart from any other failure', () => {
    expect(submitProblemOf(new FirebaseError('auth/too-many-requests', 'quota'))).toBe('busy');
    // The server's own count of new accounts from this network (signUpWithEmail), said as Auth's.
    const busy = Object.assign(new FirebaseError('functions/resource-exhausted', 'busy'), { details: SIGN_UP_BUSY });
    expect(submitProblemOf(busy)).toBe('busy');
    expect(submitProblemOf(new FirebaseError('functions/resource-exhausted', 'other'))).toBe('failed');
    // App Check's attestation, asked for with the call, found no connection: the call's SDK hands it on.
    expect(submitProblemOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(submitProblemOf(new EmailInUseError('a@example.com'))).toBe('email-in-use');
    expect(submitProblemOf(new FirebaseError('auth/network-request-failed', 'offline'))).toBe('network');
    expect(submitProblemOf(new FirebaseError('auth/internal-error', 'boom'))).toBe('failed');
    // The inviter closed her invitation after its page was drawn: the server's one refusal says so.
    const closed = Object.assign(new FirebaseError('functions/failed-precondition', 'closed'), {
      details: { invitation: 'closed' },
    });
    expect(submitProblemOf(closed)).toBe('closed');
    expect(submitProblemOf(new FirebaseError('functions/failed-precondition', 'other'))).toBe('failed');
  });
});
