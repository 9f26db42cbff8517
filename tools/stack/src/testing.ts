/**
 * The one test-support module of the repository: what the functions' stack tests, the web's
 * stack tests, the browser tests and the benchmarks share to arrange and read back the local
 * stack's data.
 *
 * Every test and benchmark works in ids of its own (`uniqueId`) and nothing here deletes data:
 * the stack may be the one `npm run dev` runs for a person, with the demo inviter in it.
 */
import { collections, emailSignUpRecord, type UserRecord } from '@dayfocus/contracts/records';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { signInWithCustomToken } from 'firebase/auth';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import { SimulatedMobileApp } from './mobile-app.js';
import { inviterRecord } from './fixtures.js';
import { emulatorEnv, stack } from './config.js';
import { outboxMailsTo, recordedEmails, type OutboxMail, type RecordedEmail } from './mail.js';
import { uniqueId } from './unique-id.js';

export { companionLink, recordedEmails, type OutboxMail, type RecordedEmail } from './mail.js';

export {
  callableHeaders,
  localAppCheckToken,
  LOCAL_ANDROID_APP_ID,
  LOCAL_IOS_APP_ID,
  LOCAL_WEB_APP_ID,
  mintLocalToken,
} from './app-check.js';
export { arrivalFromCopy, arrivalFromPlayUrl, SimulatedMobileApp, type Arrival } from './mobile-app.js';
export { demoInviter, emulatorEnv, localEmailIssuer, repoRoot, stack, urls } from './config.js';
export { localIssuerToken, slowLocalIssuer } from './local-email-issuer.js';
export { hotDocumentsMismatch } from './hot-documents-mode.js';
export { uniqueId } from './unique-id.js';
export { WebClient } from './web-client.js';

// Points the Admin SDK at the local stack before anything uses it.
for (const [name, value] of Object.entries(emulatorEnv)) process.env[name] ??= value;

const adminApp =
  getApps().find((app) => app.name === 'dayfocus-tests') ??
  initializeApp({ projectId: stack.projectId }, 'dayfocus-tests');
export const adminDb = getFirestore(adminApp);
export const adminAuth = getAuth(adminApp);

/**
 * A seeded user's own app, signed in as them (an Auth account with a confirmed address made for the
 * record first): the inviter's levers and links are her app's calls. Close it when done.
 */
export async function appSignedInAs(uid: string): Promise<SimulatedMobileApp> {
  await adminAuth.createUser({ uid, email: `${uid}@dayfocus.test`, emailVerified: true });
  const app = new SimulatedMobileApp('android');
  await signInWithCustomToken(app.auth, await adminAuth.createCustomToken(uid));
  return app;
}
// A fixture override of `undefined` means "without this field" (an inviter with no picture).
adminDb.settings({ ignoreUndefinedProperties: true });

export interface WaitOptions {
  /** Default 30 s. */
  timeoutMs?: number;
  /** What is awaited, for the failure message ("the push to the inviter"). */
  what?: string;
  /** Default 100 ms. */
  intervalMs?: number;
}

function describeValue(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return String(value);
  }
}

/**
 * Reads until `accept` holds and answers that value. When the time runs out it throws, naming
 * what was awaited and the last value read: a test whose premise never happened fails here. The
 * default bound (30 s) is for a stack whose processors other suites keep busy (npm test runs them
 * side by side), where a trigger's run can wait its turn for seconds.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 100, what = 'the awaited state' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() >= deadline) {
      throw new Error(
        `Waited ${timeoutMs} ms for ${what}, which never came; the last value read was ${describeValue(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** An inviter as the mobile app leaves one (an active User record with name, picture and push token), with a unique id. */
export async function createInviter(overrides: Partial<UserRecord> = {}): Promise<UserRecord> {
  const record = inviterRecord({ ...overrides, userId: overrides.userId ?? uniqueId('inviter') });
  await adminDb.collection('Users').doc(record.userId).set(record);
  return record;
}

/**
 * Invitees in the state that an email sign-up (registerInvitee) and a followed verification
 * link leave behind, one per inviter id given, made directly: an import fires no account
 * trigger, so that what is measured or raced afterwards is activation and not the set-up.
 */
export async function importVerifiedInvitees(
  inviterIds: readonly string[],
  /** The link of hers their sign-ups came through (the sign-up record's `inviteLink`), if any. */
  options: { inviteLink?: string } = {},
): Promise<{ uid: string; email: string; name: string; inviterId: string }[]> {
  const now = new Date().toISOString();
  const invitees = inviterIds.map((inviterId, i) => {
    const uid = uniqueId('invitee');
    return { uid, email: `${uid}@example.com`, name: `Friend ${i + 1}`, inviterId };
  });
  // With a password, as an email sign-up leaves them (only then does their recorded inviter count);
  // Auth imports at most 1,000 accounts a call.
  for (let start = 0; start < invitees.length; start += 1_000) {
    const imported = await adminAuth.importUsers(
      invitees.slice(start, start + 1_000).map((i) => ({
        uid: i.uid,
        email: i.email,
        emailVerified: true,
        passwordHash: Buffer.from('$2a$10$imported-password-hash'),
      })),
      { hash: { algorithm: 'BCRYPT' } },
    );
    if (imported.failureCount > 0) throw new Error(`Importing invitees failed: ${JSON.stringify(imported.errors[0])}`);
  }
  // At most 500 writes per batch.
  for (let start = 0; start < invitees.length; start += 500) {
    const batch = adminDb.batch();
    for (const invitee of invitees.slice(start, start + 500)) {
      batch.set(
        adminDb.collection('Users').doc(invitee.uid),
        emailSignUpRecord({ userId: invitee.uid, email: invitee.email, name: invitee.name, now }),
      );
      batch.set(adminDb.collection(collections.signUps).doc(invitee.uid), {
        userId: invitee.uid,
        invitedBy: invitee.inviterId,
        invitedVia: 'password',
        ...(options.inviteLink ? { inviteLink: options.inviteLink } : {}),
        // Proved by its own verification e-mail, opened on the companion (docs/joins.md, B).
        signUpProvedAt: now,
        updatedAt: now,
      });
    }
    await batch.commit();
  }
  return invitees;
}

export async function readDoc(collection: string, id: string): Promise<DocumentData | undefined> {
  const snapshot = await adminDb.collection(collection).doc(id).get();
  return snapshot.exists ? snapshot.data() : undefined;
}

export async function userDoc(uid: string): Promise<DocumentData | undefined> {
  return readDoc('Users', uid);
}

/** The server's own record of the account's sign-up (`_signUps`): the inviter chosen and its proof. */
export async function signUpDoc(uid: string): Promise<DocumentData | undefined> {
  return readDoc(collections.signUps, uid);
}

export interface RecordedPush {
  token: string;
  message: { notification?: { title?: string; body?: string }; data?: Record<string, string> } & Record<
    string,
    unknown
  >;
  sentAt: string;
}

/** The pushes the local stack's FCM stand-in recorded (`_devPushOutbox`) for this device token. */
export async function pushesTo(token: string): Promise<RecordedPush[]> {
  const snapshot = await adminDb.collection('_devPushOutbox').where('token', '==', token).get();
  return snapshot.docs.map((doc) => doc.data() as RecordedPush);
}

/**
 * Waits until every join of this inviter is delivered: its history entry appended and its push
 * decided by her batch, every push claimed sent and settled, and every replayed call's ask
 * answered. The trigger on a join's record does all of it a moment after the join's commit.
 * Then `pushesTo`, her history and the join records show what the joins owe and sent.
 */
export async function joinsDelivered(inviterId: string, options: WaitOptions = {}): Promise<void> {
  const joins = adminDb.collection('_friendJoins').where('inviterId', '==', inviterId);
  const undelivered = (join: DocumentData) =>
    join.history === 'owed' || join.push === 'undecided' || join.push === 'sending' || join.retryAskedAt !== undefined;
  await eventually(
    async () => (await joins.get()).docs.filter((doc) => undelivered(doc.data())).map((doc) => doc.id),
    (held) => held.length === 0,
    { what: `the joins of inviter ${inviterId} to be delivered (entries, push decisions, claimed pushes)`, ...options },
  );
}

/** The kinds of e-mail the Auth emulator records (as its `requestType`). */
export type EmailKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN';

/** Every e-mail of this kind the Auth emulator recorded for this address (it sends no mail), oldest first. */
export async function emailsTo(email: string, kind: EmailKind): Promise<RecordedEmail[]> {
  const wanted = email.toLowerCase();
  return (await recordedEmails()).filter((code) => code.requestType === kind && code.email?.toLowerCase() === wanted);
}

/** Every verification e-mail the Auth emulator recorded for this address, oldest first. */
export function verificationEmails(email: string): Promise<RecordedEmail[]> {
  return emailsTo(email, 'VERIFY_EMAIL');
}

/** The latest e-mail of this kind to this address. Waits for it, and fails saying so when none comes. */
export async function latestEmail(email: string, kind: EmailKind, options: WaitOptions = {}): Promise<RecordedEmail> {
  const found = await eventually(
    async () => (await emailsTo(email, kind)).at(-1),
    (code) => code !== undefined,
    { what: `a ${kind} e-mail to ${email}`, ...options },
  );
  return found as RecordedEmail;
}

/** The latest verification e-mail to this address: its link, code and continue URL (waits for it, as latestEmail). */
export async function verificationEmail(
  email: string,
  options: WaitOptions = {},
): Promise<{ oobLink: string; oobCode: string; continueUrl: string | null }> {
  const { oobLink, oobCode } = await latestEmail(email, 'VERIFY_EMAIL', options);
  return { oobLink, oobCode, continueUrl: new URL(oobLink).searchParams.get('continueUrl') };
}

/**
 * The latest of the companion's own verification mails to this address (the outbox, `_mail`):
 * its words and its link. Waits for it, and fails saying so when none comes; `after` skips the
 * mails that were there before (their ids).
 */
export async function verificationMail(
  email: string,
  options: WaitOptions & { after?: readonly string[] } = {},
): Promise<OutboxMail> {
  const skip = new Set(options.after ?? []);
  const found = await eventually(
    async () => (await outboxMailsTo(adminDb, email)).filter((mail) => !skip.has(mail.id)).at(-1),
    (mail) => mail !== undefined,
    { what: `a verification mail to ${email} in the outbox`, ...options },
  );
  return found as OutboxMail;
}

/** The ids of the outbox's mails to this address so far (for `verificationMail`'s `after`). */
export async function outboxIds(email: string): Promise<string[]> {
  return (await outboxMailsTo(adminDb, email)).map((mail) => mail.id);
}
