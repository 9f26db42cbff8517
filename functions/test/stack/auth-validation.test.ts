/**
 * The Auth emulator still judges every request by its API's schema, though it no longer compiles
 * the validators as it starts: patched (patches/firebase-tools@15.34.2.patch, exegesis@4.3.0.patch,
 * docs/local-stack.md "What a start costs"), an operation's validators compile at its first call,
 * without checking the API's own schema against JSON Schema's. A request the schema refuses is
 * refused with Google's error, at the first call as at a later one, and a good one is served.
 */
import { describe, expect, it } from 'vitest';
import { uniqueId, urls } from '@dayfocus/stack/testing';

const identityToolkit = (operation: string) =>
  `${urls.auth}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=local-test-key`;

async function post(operation: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(identityToolkit(operation), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the Auth emulator's request validation", () => {
  it('refuses a field of the wrong type, naming it, whether its validators compiled at this call or before', async () => {
    // accounts:lookup's idToken is a string in the API's schema. The first of the two calls may be
    // the stack's first lookup (its validators compile then) or not: both are refused alike.
    for (let call = 0; call < 2; call++) {
      const refused = await post('lookup', { idToken: ['not', 'a', 'string'] });
      expect(refused.status).toBe(400);
      expect(refused.body['error']).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: 'Invalid JSON payload received. /idToken must be string',
      });
    }
  });

  it('serves a request the schema accepts', async () => {
    const email = `${uniqueId('validation')}@example.com`;
    const signedUp = await post('signUp', { email, password: 'a-long-password', returnSecureToken: true });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body['email']).toBe(email);
    const looked = await post('lookup', { idToken: signedUp.body['idToken'] });
    expect(looked.status).toBe(200);
    expect(looked.body['users']).toEqual([expect.objectContaining({ email })]);
  });
});
