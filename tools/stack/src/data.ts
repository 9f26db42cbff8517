/**
 * Seeding the local stack's data. Nothing here deletes anything: the stack may hold what a
 * person made while trying `npm run dev`.
 */
import { inviterRecord } from './fixtures.js';
import { callableHeaders } from './app-check.js';
import { emulatorEnv, stack, urls, demoInviter } from './config.js';

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
}

/** The Admin SDK's app on the local stack (loaded when first needed: `npm run dev` starts without it). */
async function stackAdminApp() {
  Object.assign(process.env, emulatorEnv);
  const { getApps, initializeApp } = await import('firebase-admin/app');
  return getApps().find((a) => a.name === 'stack-seed') ?? initializeApp({ projectId: stack.projectId }, 'stack-seed');
}

/** The demo inviter of the printed invite link: an account and a User record with picture and push token. */
export async function seedDemoInviter(): Promise<void> {
  const app = await stackAdminApp();
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore } = await import('firebase-admin/firestore');
  const auth = getAuth(app);
  try {
    await auth.getUser(demoInviter.uid);
  } catch {
    await auth.createUser({
      uid: demoInviter.uid,
      email: demoInviter.email,
      emailVerified: true,
      password: demoInviter.password,
      displayName: demoInviter.name,
    });
  }
  await getFirestore(app)
    .collection('Users')
    .doc(demoInviter.uid)
    .set(
      inviterRecord({
        userId: demoInviter.uid,
        email: demoInviter.email,
        name: demoInviter.name,
        fcmToken: demoInviter.fcmToken,
        profileImage: demoInviter.profileImage,
      }),
    );
}

/** The demo inviter's short link, made the way the invitation page makes it (createAppLink). */
export async function demoShortLink(): Promise<string> {
  const response = await fetch(`${urls.functions}/createAppLink`, {
    method: 'POST',
    headers: callableHeaders(),
    body: JSON.stringify({ data: { inviterId: demoInviter.uid } }),
  });
  await expectOk(response, 'createAppLink');
  const { result } = (await response.json()) as { result: { shortLink: string } };
  return result.shortLink;
}

/** The local stack's Firestore through the Admin SDK, for reading its outbox (`npm run dev`). */
export async function outboxDb() {
  const { getFirestore } = await import('firebase-admin/firestore');
  return getFirestore(await stackAdminApp());
}
