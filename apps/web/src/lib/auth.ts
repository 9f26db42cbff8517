/**
 * Firebase Auth, for the pages that sign in (social sign-up, email sign-up, the welcome page
 * when it applies a verification code). Importing this module is what pulls the Auth SDK in.
 */
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { firebase } from './firebase';

let auth: Auth | undefined;

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const { app, config } = firebase();
  auth = getAuth(app);
  if (config.emulators) connectAuthEmulator(auth, config.emulators.auth, { disableWarnings: true });
  return auth;
}
