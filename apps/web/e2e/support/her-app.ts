// The inviter's own app, signed in as her (the Firebase JS SDK under the mobile app's own ID): her
// levers and links are the app's calls, never the companion's pages.
import { signInWithCustomToken } from 'firebase/auth';
import { adminAuth, SimulatedMobileApp } from '@dayfocus/stack/testing';

/** A seeded inviter's app, signed in as her (her Auth account made first); close it when done. */
export async function herApp(inviterId: string): Promise<SimulatedMobileApp> {
  await adminAuth.createUser({ uid: inviterId, email: `${inviterId}@dayfocus.test`, emailVerified: true });
  const app = new SimulatedMobileApp('android');
  await signInWithCustomToken(app.auth, await adminAuth.createCustomToken(inviterId));
  return app;
}
