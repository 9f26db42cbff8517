/**
 * Talking to the running local stack as the web app and an operator would: the Firebase
 * JS SDK for sign-in and callables, the Admin SDK to arrange and read back data.
 */
import { request } from 'node:http';
import { GoogleAuthProvider, sendEmailVerification, signInWithCredential } from 'firebase/auth';
import { expect, type TestOptions } from 'vitest';
import {
  adminAuth,
  adminDb,
  createInviter,
  eventually,
  importVerifiedInvitees as importInvitees,
  outboxIds,
  pushesTo,
  joinsDelivered,
  SimulatedMobileApp,
  stack,
  uniqueId,
  urls,
  userDoc,
  verificationEmail,
  verificationMail,
  WebClient as Browser,
} from '@dayfocus/stack/testing';
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { mailLogKey } from '../../src/invites/domain/mail-limits.js';

export {
  adminAuth,
  adminDb,
  createInviter,
  eventually,
  latestEmail,
  outboxIds,
  pushesTo,
  joinsDelivered,
  readDoc,
  signUpDoc,
  uniqueId,
  userDoc,
  verificationMail,
  // One browser as the web app drives Firebase; the mobile app is SimulatedMobileApp.
  WebClient as Browser,
} from '@dayfocus/stack/testing';

/** What a callable that wrote answers on the wire (the callables' write result). */
export const ok = { status: 200, message: 'Document successfully written!' };

export const minutes = (n: number) => n * 60_000;

/** Calls a callable without any signed-in user (a fresh browser). */
export async function callAnonymously<T = unknown>(
  name: string,
  data: unknown,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const browser = new Browser();
  try {
    return await browser.call<T>(name, data, options);
  } finally {
    await browser.close();
  }
}

/**
 * A call as the page makes it: "This app could not be verified just now; please try again"
 * (`unavailable`: App Check's consumption timed out, which 20 sign-ups or 40 activations at once
 * beside the browser suite can cause on two cores) is tried again, twice at most, as the page's
 * "Try again" does. `alsoTriedAgain` names other codes the page offers it for (its network codes,
 * apps/web/src/lib/errors.ts), where a test's load can meet them too.
 */
export async function tryAgainWhenUnavailable<T>(
  call: () => Promise<T>,
  alsoTriedAgain: readonly string[] = [],
): Promise<T> {
  const triedAgain = new Set(['functions/unavailable', ...alsoTriedAgain]);
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 3 || !triedAgain.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/** The error code a callable answered with ("invalid-argument", ...), or "ok". */
export async function outcomeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unknown';
    return code.replace(/^functions\//, '');
  }
}

/** What a refused call answered, as the page would see it: its code, message and details. */
export async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const { code, message, details } = error as { code?: string; message?: string; details?: unknown };
    return { code, message, details };
  }
  throw new Error('The call was not refused');
}

/**
 * Opens the latest verification e-mail of this address as the person does: its link leads to
 * the companion's welcome page, which asks `activateAccount` to apply its code (anonymously:
 * the mail app's browser has nobody signed in). Answers what activation answered.
 */
export async function openVerificationLink<T = unknown>(email: string, uid: string, inviterId?: string): Promise<T> {
  const { oobCode } = await verificationEmail(email);
  return callAnonymously<T>('activateAccount', { uid, ...(inviterId ? { inviterId } : {}), verificationCode: oobCode });
}

export async function friendsBetween(inviterId: string, inviteeId: string) {
  const snapshot = await adminDb
    .collection('Friends')
    .where('userId', '==', inviterId)
    .where('friendId', '==', inviteeId)
    .get();
  return snapshot.docs.map((d) => d.data());
}

/** The inviter's history list once her joins are delivered (joinsDelivered: her batch appends it after the join). */
export async function historyOf(inviterId: string): Promise<Record<string, unknown>[]> {
  await joinsDelivered(inviterId);
  const data = (await adminDb.collection('NotificationHistory').doc(inviterId).get()).data();
  return (data?.history as Record<string, unknown>[] | undefined) ?? [];
}

/** Nothing of a join between the two: no friendship, history entry, push or join record. */
export async function expectNoJoin(inviter: { userId: string; fcmToken?: string | null }, inviteeId: string) {
  expect(await friendsBetween(inviter.userId, inviteeId)).toEqual([]);
  expect(await historyOf(inviter.userId)).toEqual([]);
  await joinsDelivered(inviter.userId);
  expect(await pushesTo(inviter.fcmToken ?? '')).toEqual([]);
  expect((await adminDb.collection('_friendJoins').doc(`${inviter.userId}_${inviteeId}`).get()).exists).toBe(false);
}

/**
 * A new e-mail invitee of `inviterId`, registered, its verification e-mail sent with the welcome
 * page as its continue URL, and its browser closed: the person now opens the mail elsewhere.
 */
export async function emailInviteeAwaitingMail(inviterId: string, name = 'Mira Nair') {
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId, name });
  await sendEmailVerification(user, {
    url: `https://dayfocus.app/welcome/${user.uid}/${inviterId}`,
    handleCodeInApp: true,
  });
  await browser.close();
  return { uid: user.uid, email: user.email ?? '', name };
}

/** An e-mail sign-up of a new inviter's link, our verification mail sent, its tab still open and signed in. */
export async function signedUpWithMail(language = 'en') {
  const inviter = await createInviter({ name: 'Asha Verma' });
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
  await browser.call('sendVerificationEmail', { language });
  const email = user.email ?? '';
  const mail = await verificationMail(email);
  return { inviter, browser, user, uid: user.uid, email, mail };
}

export type SignedUpWithMail = Awaited<ReturnType<typeof signedUpWithMail>>;

/**
 * An e-mail sign-up that stopped after registerInvitee (created, recorded, never confirmed): what
 * mailSignUpLink mails a link to finish.
 */
export async function halfMadeSignUp(inviterId: string, password = 'first-password-1') {
  const browser = new Browser();
  const user = await browser.signUpWithEmail(`${uniqueId('halfway')}@example.com`, password);
  await browser.call('registerInvitee', { inviterId, name: 'Mira Nair' });
  await browser.close();
  return { uid: user.uid, email: user.email ?? '' };
}

/** How many requests for a finishing link that name this address or account are still written down. */
export async function signUpLinkRequestsOf(by: { email: string } | { uid: string }): Promise<number> {
  const [field, value] = 'email' in by ? ['email', by.email] : ['uid', by.uid];
  return (await adminDb.collection('_signUpLinkRequests').where(field, '==', value).get()).size;
}

/**
 * Waits until the requests for a finishing link that name this address or account are done with:
 * mailed, held back or turned down, each removed once its trigger has had its turn.
 */
export async function signUpLinkRequestsSettled(
  by: { email: string } | { uid: string },
  options: { timeoutMs?: number } = {},
) {
  const value = 'email' in by ? by.email : by.uid;
  await eventually(
    () => signUpLinkRequestsOf(by),
    (left) => left === 0,
    // Its trigger's first run after the functions reload starts a worker: seconds on a busy machine.
    { what: `the requests for a finishing link of ${value} to be done with`, timeoutMs: 30_000, ...options },
  );
}

/** Creates an email invitee of `inviterId`, registered and verified, ready to activate. */
export async function verifiedEmailInvitee(inviterId: string, name = 'Mira Nair') {
  const browser = new Browser();
  const user = await browser.signUpWithEmail();
  await browser.call('registerInvitee', { inviterId, name });
  // As if its own verification e-mail had been opened on the companion (which records the proof):
  // activation.test.ts covers that path end to end.
  await adminAuth.updateUser(user.uid, { emailVerified: true });
  await adminDb.collection('_signUps').doc(user.uid).update({ signUpProvedAt: new Date().toISOString() });
  await browser.close();
  return { uid: user.uid, email: user.email ?? '', name };
}

/**
 * The options of a test that needs our Firestore emulator's own endpoints (below: its fault plan,
 * its open transactions): tagged `our-emulator`, which the lane on Google's emulator leaves out,
 * and counts, with its reason (`npm run test:official`, tools/stack/official-lane.ts).
 */
export const OUR_EMULATOR: TestOptions = { tags: ['our-emulator'] };

/** How many read-write transactions the Firestore emulator has open that read a document whose name contains `path`. */
export async function openTransactionsReading(path: string): Promise<number> {
  const response = await fetch(`${urls.firestore}/emulator/v1/transactions`);
  const { transactions } = (await response.json()) as { transactions: { reads: string[] }[] };
  return transactions.filter((transaction) => transaction.reads.some((read) => read.includes(path))).length;
}

/** The Firestore emulator's fault plan: set (a plan), cleared (null) or read (nothing). */
export async function firestoreFaults(plan?: unknown | null): Promise<{ faults: { fired: number }[] }> {
  const method = plan === undefined ? 'GET' : plan === null ? 'DELETE' : 'POST';
  const response = await fetch(`${urls.firestore}/emulator/v1/faults`, {
    method,
    ...(plan ? { body: JSON.stringify(plan) } : {}),
  });
  if (!response.ok) throw new Error(`fault plan: ${response.status} ${await response.text()}`);
  return (await response.json()) as { faults: { fired: number }[] };
}

/** `count` invitees of one inviter, verified and ready to activate (see the shared importVerifiedInvitees). */
export async function importVerifiedInvitees(inviterId: string, count: number, options: { inviteLink?: string } = {}) {
  return importInvitees(
    Array.from({ length: count }, () => inviterId),
    options,
  );
}

/** The server's memory of one (inviter, invitee) join: friendship made, history and push state. */
export async function joinOf(inviterId: string, inviteeId: string) {
  return (await adminDb.collection('_friendJoins').doc(`${inviterId}_${inviteeId}`).get()).data();
}

/** Runs the owed-push sweep once, as the scheduled function does, at `now` (default: the real time). */
export async function sweepOwedPushes(now?: Date) {
  return callAnonymously<{ examined: number; sent: number; retrying: number; failed: number }>(
    'devSweepOwedPushes',
    now ? { now: now.toISOString() } : {},
  );
}

/**
 * A person who already uses the app with Google or Apple: the account, and the record the
 * app keeps for it, with their own settings and a field this code does not know about.
 */
export async function existingAppUser(
  provider: 'google.com' | 'apple.com',
  /** Fields of the app's record, `null` and `''` included: the app's own values. */
  overrides: Partial<Record<keyof UserRecord, unknown>> & Record<string, unknown> = {},
  /** The sign-up record an earlier invitation left (`_signUps`), if any. */
  signUp?: Omit<SignUpRecord, 'userId' | 'updatedAt'>,
) {
  const sub = uniqueId('sub');
  const email = `${sub}@example.com`;
  const browser = new Browser();
  const user = await browser.signInWith(provider, { sub, email, name: 'Leela Iyer' });
  await browser.close();
  const record = {
    ...inviterRecord({ userId: user.uid, email, name: 'Leela I.' }),
    appVersion: '2.4.1',
    language: 'hi',
    country: 'in',
    typeOfTask: [{ id: 9, category: 'Garden', selected: true, color: '#00AA00' }],
    createdAt: '2024-02-01T09:30:00.000Z',
    updatedAt: '2025-06-01T09:30:00.000Z',
    fcmToken: `dev-token-${user.uid}`,
    profileImage: 'https://images.dayfocus.test/leela.png',
    streak: { days: 41, best: 60 },
    ...overrides,
  };
  // Waits until the account trigger has had its turn, so that the record below is the one left.
  await eventually(
    () => userDoc(user.uid),
    (r) => r !== undefined,
    { what: `the account trigger's record of ${user.uid}` },
  );
  await adminDb.collection('Users').doc(user.uid).set(record);
  if (signUp)
    await adminDb
      .collection('_signUps')
      .doc(user.uid)
      .set({ ...signUp, userId: user.uid, updatedAt: record.updatedAt });
  return { uid: user.uid, sub, email, record };
}

/** While this document exists, the local stack's FCM stand-in is down for that `dev-outage-*` token. */
export async function fcmOutage(token: string, down: boolean) {
  const ref = adminDb.collection('_devFcmOutages').doc(token);
  await (down ? ref.set({ since: new Date().toISOString() }) : ref.delete());
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request through Hosting (or `port`), the path sent exactly as written, no redirect followed. */
export function fetchRaw(
  path: string,
  options: {
    userAgent?: string;
    acceptLanguage?: string;
    port?: number;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent;
  if (options.acceptLanguage) headers['accept-language'] = options.acceptLanguage;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: stack.host, port: options.port ?? stack.ports.hosting, path, method: options.method ?? 'GET', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * The welcome page's confirm form posted as a browser without scripts sends it (a phone's user
 * agent): the form has no `action`, so it posts the link itself.
 */
export const postWelcomeForm = (path: string, userAgent: string, headers: Record<string, string> = {}) =>
  fetchRaw(path, {
    method: 'POST',
    userAgent,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

/** The mailbox's log moved two hours back: its next mail goes at once (functions/src/invites/domain/mail-limits.ts). */
export async function mailLogMovedBack(email: string): Promise<string> {
  const earlier = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
  await adminDb
    .collection('_mailLogs')
    .doc(mailLogKey(email))
    .set({ sentAt: [earlier], plainSentAt: [earlier] });
  return earlier;
}

/** "Send the e-mail again" in the tab that signed up: the newer mail. */
export async function resentMail(person: SignedUpWithMail) {
  const before = await outboxIds(person.email);
  await person.browser.call('sendVerificationEmail', { language: 'en' });
  return verificationMail(person.email, { after: before });
}

/** An app user with a record, signed in in the mobile app (Google), as an inviter uses it. */
export async function signedInApp(platform: 'android' | 'ios' = 'android', options: { appCheck?: boolean } = {}) {
  const user = await existingAppUser('google.com');
  const app = new SimulatedMobileApp(platform, options);
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub: user.sub, email: user.email, email_verified: true }),
  );
  await signInWithCredential(app.auth, credential);
  return { ...user, app, inviterId: user.uid };
}
