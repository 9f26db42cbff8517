import { updateProfile } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { EMAIL_SIGN_UP_FIELDS } from '../email-sign-up.js';
import {
  adminAuth,
  Browser,
  createInviter,
  eventually,
  historyOf,
  ok,
  outcomeOf,
  signUpDoc,
  userDoc,
} from './support.js';

describe('email sign-up (registerInvitee)', () => {
  it("writes exactly the email sign-up set on Users, and the inviter on the server's own record", async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    const result = await browser.call('registerInvitee', { inviterId: inviter.userId, name: '  Mira Nair ' });
    expect(result).toEqual(ok);

    const record = await userDoc(user.uid);
    expect(Object.keys(record ?? {}).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    expect(record).toMatchObject({
      userId: user.uid,
      appVersion: '1.0.0',
      email: user.email,
      name: 'Mira Nair',
      isDeleted: false,
    });
    expect(await signUpDoc(user.uid)).toEqual({
      userId: user.uid,
      invitedBy: inviter.userId,
      invitedVia: 'password',
      // The way in to her invitation, and the link whose page it was, recorded once with the
      // inviter: this call named neither.
      inviteWay: null,
      inviteLink: null,
      updatedAt: expect.any(String),
    });
    expect(record?.typeOfTask).toHaveLength(6);
    await browser.close();
  });

  it('leaves no display name on the account for the verification e-mail to greet with', async () => {
    // Firebase's verification template says "Hello %DISPLAY_NAME%": on an address nobody proved
    // yet, a name set on the account is a stranger's text in an e-mail from our domain.
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await updateProfile(user, { displayName: 'Claim your prize at win.example' });
    expect((await adminAuth.getUser(user.uid)).displayName).toBe('Claim your prize at win.example');

    expect(await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' })).toEqual(ok);
    expect((await adminAuth.getUser(user.uid)).displayName).toBeUndefined();
    expect(await userDoc(user.uid)).toMatchObject({ name: 'Mira Nair' });
    await browser.close();
  });

  it('keeps that exact set after the account-creation trigger has run too', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    // Let the trigger's base record land first, then register over it.
    await eventually(
      () => userDoc(user.uid),
      (r) => r !== undefined,
    );
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' });
    await new Promise((r) => setTimeout(r, 500));
    expect(Object.keys((await userDoc(user.uid)) ?? {}).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    await browser.close();
  });

  it('changes nothing but updatedAt when called twice', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' });
    const first = await userDoc(user.uid);
    await new Promise((r) => setTimeout(r, 20));
    await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira' });
    const second = await userDoc(user.uid);
    expect({ ...second, updatedAt: undefined }).toEqual({ ...first, updatedAt: undefined });
    expect(second?.updatedAt > first?.updatedAt).toBe(true);
    await browser.close();
  });

  it('is refused to a Google account', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('google.com');
    expect(await outcomeOf(browser.call('registerInvitee', { inviterId: inviter.userId, name: 'G' }))).toBe(
      'failed-precondition',
    );
    expect(await signUpDoc(user.uid)).toBeUndefined();
    await browser.close();
  });
});

describe('social sign-up (completeSocialSignUp)', () => {
  it.each(['google.com', 'apple.com'] as const)(
    'with %s writes the full active record and links the friends',
    async (provider) => {
      const inviter = await createInviter();
      const browser = new Browser();
      const user = await browser.signInWith(provider, { name: 'Kiran Rao' });
      const result = await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
      // The welcome page greets with this answer at once: the inviter now a friend, and her link
      // for the app's stores (the same answer as activation's).
      expect(result).toEqual({
        ...ok,
        inviter: { inviterId: inviter.userId, name: inviter.name, photoUrl: expect.anything() },
        inviteLink: expect.stringMatching(/\/l\/[A-Za-z0-9_-]{8,32}$/),
      });
      expect(await userDoc(user.uid)).toMatchObject({
        userId: user.uid,
        appVersion: '1.0.0',
        email: user.email,
        name: 'Kiran Rao',
        isActive: true,
        isVerified: true,
        isDeleted: false,
        language: 'en',
        country: 'asia',
      });
      expect(await signUpDoc(user.uid)).toMatchObject({ invitedBy: inviter.userId, invitedVia: provider });
      expect(await historyOf(inviter.userId)).toEqual([
        expect.objectContaining({ userId: user.uid, message: 'Kiran Rao has accepted your invitation' }),
      ]);
      await browser.close();
    },
  );

  it('falls back to "Dayfocus User" when the provider gives no name', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    const user = await browser.signInWith('apple.com');
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    expect((await userDoc(user.uid))?.name).toBe('Dayfocus User');
    expect((await historyOf(inviter.userId))[0]).toMatchObject({ userName: 'Dayfocus User' });
    await browser.close();
  });

  it('is refused to an email account', async () => {
    const inviter = await createInviter();
    const browser = new Browser();
    await browser.signUpWithEmail();
    expect(await outcomeOf(browser.call('completeSocialSignUp', { inviterId: inviter.userId }))).toBe(
      'failed-precondition',
    );
    expect(await historyOf(inviter.userId)).toEqual([]);
    await browser.close();
  });
});

describe('auth triggers', () => {
  it('make a base record on account creation without overwriting one', async () => {
    const browser = new Browser();
    const user = await browser.signUpWithEmail();
    const record = await eventually(
      () => userDoc(user.uid),
      (r) => r !== undefined,
    );
    expect(Object.keys(record ?? {}).sort()).toEqual([...EMAIL_SIGN_UP_FIELDS].sort());
    expect(record).toMatchObject({ userId: user.uid, email: user.email, isDeleted: false });

    await browser.close();
  });

  it('leave a record that already exists as it is', async () => {
    const keptUid = `kept-${Date.now()}`;
    const existing = await createInviter({ userId: keptUid, name: 'Already Here' });
    await adminAuth.createUser({ uid: keptUid, email: `${keptUid}@example.com`, displayName: 'Other Name' });
    // A second account whose base record shows that the triggers have run.
    const witness = await adminAuth.createUser({ email: `witness-${Date.now()}@example.com` });
    await eventually(
      () => userDoc(witness.uid),
      (r) => r !== undefined,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await userDoc(keptUid)).toEqual(existing);
  });

  it('retire the record on deletion: isDeleted, inactive, no push token; history stays', async () => {
    const account = await adminAuth.createUser({ email: `retire-${Date.now()}@example.com` });
    const inviter = await createInviter({ userId: account.uid, fcmToken: 'dev-some-device' });
    const browser = new Browser();
    await browser.signInWith('google.com');
    await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
    await adminAuth.deleteUser(account.uid);
    const record = await eventually(
      () => userDoc(account.uid),
      (r) => r?.isDeleted === true,
    );
    expect(record).toMatchObject({ isDeleted: true, isActive: false });
    expect(record).not.toHaveProperty('fcmToken');
    expect(await historyOf(account.uid)).toHaveLength(1);
    await browser.close();
  });
});
