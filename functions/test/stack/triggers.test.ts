/**
 * The account triggers and a callable run in this process with firebase-functions-test: the
 * functions exactly as exported (their wiring from event to flow), fed the events it builds
 * (makeUserRecord, a callable request), against the local stack's Firestore. This reaches
 * cases the Auth emulator cannot easily produce (a phone-only account, a deletion with no
 * record), in milliseconds instead of a trigger's round trip.
 */
// The deployment's environment, as src/index.ts installs it before the functions load.
import '../../src/composition/deployed.js';
import functionsTest from 'firebase-functions-test';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, describe, expect, it } from 'vitest';
import { stack } from '@dayfocus/stack/testing';
import { EMAIL_SIGN_UP_FIELDS } from '../email-sign-up.js';
import { onAccountCreated, onAccountDeleted } from '../../src/entry-points/auth-triggers.js';
import { getInviter } from '../../src/entry-points/invite-callables.js';
import { adminDb, createInviter, uniqueId, userDoc } from './support.js';

const fft = functionsTest({ projectId: stack.projectId });
afterAll(() => fft.cleanup());

const accountCreated = fft.wrap(onAccountCreated);
const accountDeleted = fft.wrap(onAccountDeleted);

describe('the account triggers, as exported', () => {
  it('give a new account the base record, with its display name cleaned', async () => {
    const uid = uniqueId('account');
    await accountCreated(
      fft.auth.makeUserRecord({ uid, email: `${uid}@example.com`, displayName: ' <b>Bold</b>\u001b  Name ' }),
    );
    const record = await userDoc(uid);
    expect(Object.keys(record ?? {}).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    expect(record).toMatchObject({ userId: uid, email: `${uid}@example.com`, name: 'Bold Name', isDeleted: false });
  });

  it('give an account with neither address nor name (a phone sign-in) a record with empty ones', async () => {
    const uid = uniqueId('phone');
    await accountCreated(fft.auth.makeUserRecord({ uid, phoneNumber: '+911234567890' }));
    expect(await userDoc(uid)).toMatchObject({ userId: uid, email: '', name: '' });
  });

  it('keep the record the app already wrote for the account', async () => {
    const inviter = await createInviter();
    const before = await userDoc(inviter.userId);
    await accountCreated(
      fft.auth.makeUserRecord({ uid: inviter.userId, email: 'other@example.com', displayName: 'Someone Else' }),
    );
    expect(await userDoc(inviter.userId)).toEqual(before);
  });

  it('retire the record of a deleted account: inactive, deleted, no push token', async () => {
    const inviter = await createInviter();
    await accountDeleted(fft.auth.makeUserRecord({ uid: inviter.userId }));
    const record = await userDoc(inviter.userId);
    expect(record).toMatchObject({ isDeleted: true, isActive: false, name: inviter.name });
    expect(record).not.toHaveProperty('fcmToken');
  });

  it('create nothing for a deleted account that had no record', async () => {
    const uid = uniqueId('never-recorded');
    await accountDeleted(fft.auth.makeUserRecord({ uid }));
    expect((await adminDb.collection('Users').doc(uid).get()).exists).toBe(false);
  });
});

describe('a callable, as exported', () => {
  const callGetInviter = fft.wrap(getInviter);
  /** A call from a browser with nobody signed in, its App Check token verified, as the framework hands it over. */
  const anonymousRequest = (data: unknown) =>
    ({ data, rawRequest: {}, app: { appId: 'web-app', token: {} } }) as Parameters<typeof callGetInviter>[0];

  it("answers the inviter's card", async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: 'https://images.dayfocus.test/asha.png' });
    await expect(callGetInviter(anonymousRequest({ inviterId: inviter.userId }))).resolves.toEqual({
      inviterId: inviter.userId,
      name: 'Asha Verma',
      photoUrl: 'https://images.dayfocus.test/asha.png',
    });
  });

  it('refuses a call without App Check, before looking at its input', async () => {
    const error = await Promise.resolve(
      callGetInviter({ data: { inviterId: 42 }, rawRequest: {} } as Parameters<typeof callGetInviter>[0]),
    ).catch((e: unknown) => e);
    expect((error as HttpsError).code).toBe('unauthenticated');
  });

  it('refuses bad input with invalid-argument', async () => {
    const error = await Promise.resolve(callGetInviter(anonymousRequest({ inviterId: 42 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpsError);
    expect((error as HttpsError).code).toBe('invalid-argument');
  });
});
