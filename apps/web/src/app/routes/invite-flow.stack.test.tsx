import { screen, waitFor, within } from '@testing-library/react';
import { signOut } from 'firebase/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { firebaseAuth } from '@/lib/auth';
import { initFirebase } from '@/lib/firebase';
import { createConfig } from '@/testing/fixtures';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { location, renderApp } from '@/testing/render';
import { adminAuth, adminDb, createInviter, uniqueId, urls, userDoc, verificationEmail } from '@dayfocus/stack/testing';
import { collections } from '@dayfocus/contracts/records';

/** A paragraph whose whole text is `text` (the inviter's name is in bold inside the sentence). */
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

describe('the invitation page, against the local stack', () => {
  it("shows the inviter's name, picture and the invitation text, with both actions as links", async () => {
    const inviter = await createInviter({ name: 'Asha Verma', profileImage: 'https://images.dayfocus.test/asha.png' });
    await renderApp(`/feedback/${inviter.userId}/en`);
    // The file's first call: getInviter's worker may start cold (setup-stack.ts).
    expect(
      await screen.findByText(paragraph('Asha Verma needs your help and feedback in completing everyday tasks.')),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Asha Verma' })).toHaveAttribute(
      'src',
      'https://images.dayfocus.test/asha.png',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/social-sign-up/${inviter.userId}`);
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute(
      'href',
      `/app-link/${inviter.userId}`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the inviter's initials where she has no picture", async () => {
    const inviter = await createInviter({ name: 'Ravi Das', profileImage: undefined });
    await renderApp(`/feedback/${inviter.userId}`);
    expect(await screen.findByRole('img', { name: 'No profile picture' })).toHaveTextContent('RD');
  });

  it('says "Invalid URL" for an unknown inviter and keeps the buttons disabled', async () => {
    await renderApp(`/feedback/${uniqueId('nobody')}/en`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid URL');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'I already have an account' })).toBeDisabled();
  });

  it('applies and saves the language of the link', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    await renderApp(`/feedback/${inviter.userId}/hi`);
    expect(
      await screen.findByText(paragraph('Asha Verma को रोज़मर्रा के काम पूरे करने में आपकी मदद और राय चाहिए।')),
    ).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('goes on to the sign-up choices', async () => {
    const inviter = await createInviter();
    const { user } = await renderApp(`/feedback/${inviter.userId}/en`);
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(location.pathname).toBe(`/social-sign-up/${inviter.userId}`);
    for (const name of ['Sign up with Apple', 'Sign up with Google']) {
      await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
    }
    // Enabled, the e-mail choice is a link to the form (it works before the app runs).
    expect(screen.getByRole('link', { name: 'Sign up with email' })).toHaveAttribute(
      'href',
      `/sign-up/${inviter.userId}`,
    );
  });

  it('keeps the sign-up choices disabled for an unknown inviter', async () => {
    await renderApp(`/social-sign-up/${uniqueId('nobody')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid URL');
    for (const name of [
      'Sign up with Apple',
      'Sign up with Google',
      'Sign up with email',
      'I already have an account',
    ]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});

describe('email sign-up, against the local stack', () => {
  async function signUp(inviterId: string, email: string, password = 'correct-horse') {
    const view = await renderApp(`/sign-up/${inviterId}`);
    const submit = await screen.findByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(submit).toBeEnabled());
    // A form this tab sent before comes back with its name and address: typed over, as a person would.
    await view.user.clear(screen.getByLabelText('User name'));
    await view.user.type(screen.getByLabelText('User name'), 'Mira Nair');
    await view.user.clear(screen.getByLabelText('Email'));
    await view.user.type(screen.getByLabelText('Email'), email);
    await view.user.type(screen.getByLabelText('Password'), password);
    await view.user.type(screen.getByLabelText('Confirm password'), `${password}{Enter}`);
    return view;
  }

  it('creates the account and its record, then goes to /confirm-email with the address', async () => {
    const inviter = await createInviter();
    const email = `${uniqueId('mira')}@example.com`;
    await signUp(inviter.userId, email);
    expect(screen.getByRole('button', { name: 'Signing up…' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(location.pathname).toBe('/confirm-email');
    expect(location.state).toMatchObject({ email, inviterId: inviter.userId, uid: expect.any(String) });
    expect(screen.getByText(email).parentElement).toHaveTextContent(
      `We have sent an email with a confirmation link to ${email}.`,
    );

    const continueUrl = new URL((await verificationEmail(email)).continueUrl ?? '');
    const [, welcome, uid, inviterId] = continueUrl.pathname.split('/');
    expect([continueUrl.origin, welcome, inviterId]).toEqual([urls.hosting, 'welcome', inviter.userId]);
    expect(await userDoc(uid ?? '')).toMatchObject({
      userId: uid,
      email,
      name: 'Mira Nair',
      isDeleted: false,
      appVersion: '1.0.0',
    });
  });

  it('tells a second sign-up with the same address that it is registered, and stops the spinner', async () => {
    const inviter = await createInviter();
    const email = `${uniqueId('taken')}@example.com`;
    await signUp(inviter.userId, email);
    await screen.findByRole('heading', { name: 'Confirm Your Email' });
    document.body.innerHTML = '';

    // Someone else, with another password.
    const { user } = await signUp(inviter.userId, email, 'another-secret');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email is already registered.');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(location.pathname).toBe(`/sign-up/${inviter.userId}`);
    void user;
  });

  it('keeps the form disabled for an unknown inviter', async () => {
    await renderApp(`/sign-up/${uniqueId('nobody')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid URL');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });
});

describe('the welcome page with an account to activate, against the local stack', () => {
  // A fresh browser: the sign-ups above left their account signed in, and a signed-in caller
  // may activate only itself.
  beforeEach(async () => {
    initFirebase(createConfig());
    await signOut(firebaseAuth());
  });

  it('says the address is not confirmed yet, with a retry that activates once it is', async () => {
    const inviter = await createInviter();
    const email = `${uniqueId('early')}@example.com`;
    const account = await adminAuth.createUser({ email, password: 'correct-horse', emailVerified: false });
    // The record email sign-up leaves (registerInvitee), made directly.
    const now = new Date().toISOString();
    await adminDb.collection('Users').doc(account.uid).set({
      userId: account.uid,
      email,
      name: 'Early Bird',
      isDeleted: false,
      appVersion: '1.0.0',
      typeOfTask: [],
      createdAt: now,
      updatedAt: now,
    });
    await adminDb
      .collection(collections.signUps)
      .doc(account.uid)
      .set({ userId: account.uid, invitedBy: inviter.userId, invitedVia: 'password', updatedAt: now });

    const { user } = await renderApp(`/welcome/${account.uid}/${inviter.userId}`);
    expect(await screen.findByText('Activating your account…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your email address is not confirmed yet.');
    expect(alert).toHaveFocus();
    // The way to the app stays open whatever happened.
    expect(screen.getByText('Download the app to start on your tasks with friends')).toBeInTheDocument();
    expect(screen.queryByText('Your account is active.')).not.toBeInTheDocument();

    await adminAuth.updateUser(account.uid, { emailVerified: true });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your account is active.')).toBeInTheDocument();
    expect(screen.getByText('Download the app to start on your tasks with friends')).toBeInTheDocument();
    expect(await userDoc(account.uid)).toMatchObject({ isActive: true, isVerified: true });
  });
});
