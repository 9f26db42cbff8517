/**
 * Firebase Auth, for the pages that sign in (social sign-up, email sign-up, the confirmation
 * page, the welcome page when it applies a verification code). Importing this module is what
 * pulls the Auth SDK in.
 *
 * - The session lives in this tab only (session storage): the companion signs a person in to
 *   finish a sign-up and to hand the session to the app from the welcome page (a sign-in
 *   handoff, which ends it), never to keep them signed in; a shared phone or an in-app browser
 *   keeps nothing once the tab is gone.
 * - The popup helper (a hidden frame of the auth domain) loads when Auth starts, in every
 *   browser, so that a tap can open the sign-in popup at once (see `authReadyForTap`).
 */
import {
  signInWithEmailAndPassword,
  signOut,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { isNetworkError } from './errors';
import { appCheckTokenReady, firebase } from './firebase';

/**
 * The SDK's own resolver, told to load its helper frame when Auth starts. The SDK does this by
 * itself only where it deems the browser mobile or Safari; elsewhere it loads the frame on the
 * first sign-in, between the tap and `window.open`, which can cost the popup the tap's user
 * activation. (`_shouldInitProactively` is the SDK's switch for this; the browser test "opens
 * the Google popup within the tap" fails if it stops working.) Undefined in the SDK's Node build
 * (the jsdom page tests), which has no popups.
 */
function proactivePopupRedirectResolver(): typeof browserPopupRedirectResolver | undefined {
  if (typeof browserPopupRedirectResolver !== 'function') return undefined;
  class ProactivePopupRedirectResolver extends (browserPopupRedirectResolver as unknown as new () => object) {
    get _shouldInitProactively(): boolean {
      return true;
    }
  }
  return ProactivePopupRedirectResolver as unknown as typeof browserPopupRedirectResolver;
}

let auth: Auth | undefined;

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const { app, config } = firebase();
  auth = initializeAuth(app, {
    persistence: browserSessionPersistence,
    popupRedirectResolver: proactivePopupRedirectResolver(),
  });
  if (config.emulators) connectAuthEmulator(auth, config.emulators.auth, { disableWarnings: true });
  return auth;
}

let preparing: Promise<Auth> | undefined;
let prepared: Auth | undefined;

/**
 * Starts Auth and waits until a tap can open the sign-in popup with nothing left to await:
 * the signed-in state read, the popup helper loaded and an App Check token in memory. A
 * failure (offline) lets the next call try again.
 */
export function prepareAuth(): Promise<Auth> {
  preparing ??= (async () => {
    const ready = firebaseAuth();
    await Promise.all([ready.authStateReady(), appCheckTokenReady()]);
    prepared = ready;
    return ready;
  })().catch((error: unknown) => {
    preparing = undefined;
    throw error;
  });
  return preparing;
}

/** Auth, once `prepareAuth` has finished; undefined before (a tap then falls back to the redirect). */
export function authReadyForTap(): Auth | undefined {
  return prepared;
}

/** The sign-in the page went on without (`signInBeside`), settled: never rejects. */
let signingIn: Promise<void> = Promise.resolve();

/**
 * Signs this tab in with an account's address and password without holding the page: the e-mail
 * sign-up's next page shows while Auth answers. `signedIn` waits for it. One more try after a
 * failure of the connection; past that, the page finds no session (as after a reload elsewhere).
 */
export function signInBeside(email: string, password: string): Promise<void> {
  const attempt = () => signInWithEmailAndPassword(firebaseAuth(), email, password);
  signingIn = attempt()
    .catch((error: unknown) => (isNetworkError(error) ? attempt() : Promise.reject(error)))
    .then(
      () => undefined,
      (error: unknown) => {
        // eslint-disable-next-line no-console
        console.warn('The new account could not sign this tab in', error);
      },
    );
  return signingIn;
}

/** This tab's Auth once any sign-in it went on without has settled, and the signed-in state is read. */
export async function signedIn(): Promise<Auth> {
  await signingIn;
  const ready = firebaseAuth();
  await ready.authStateReady();
  return ready;
}

/** Ends this tab's session, if any: the welcome page, once it has handed the session to the app. */
export async function endSession(): Promise<void> {
  await signOut(firebaseAuth()).catch(() => undefined);
}
