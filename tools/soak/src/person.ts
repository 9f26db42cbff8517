/**
 * One person in a browser (or the app), as the pages drive Firebase: the Firebase JS SDK with
 * App Check's local stand-in, sign-up and sign-in against the Auth emulator, and the callables.
 * A failed call is tried again as a person would tap "Try again" (the pages never retry by
 * themselves); the soak counts every such retry.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithCredential,
  type User,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { REPLAY_PROTECTED_CALLABLES } from '@dayfocus/contracts/app-check';
import { LOCAL_WEB_APP_ID, mintLocalToken, stack, urls } from '@dayfocus/stack/testing';

/** Failures a person meets and tries again after: the server or the network, not their input. */
const TRANSIENT = new Set([
  'functions/internal',
  'functions/unavailable',
  'functions/deadline-exceeded',
  'functions/resource-exhausted',
  'functions/aborted',
  'functions/unknown',
  'auth/network-request-failed',
  'auth/internal-error',
]);

export function isTransient(error: unknown): boolean {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  // "This request was already made once; reload the page and try again": the page says so.
  return TRANSIENT.has(code) || (code === 'functions/unauthenticated' && message.includes('already made once'));
}

/** What the soak counts of every person's calls. */
export const tally = { calls: 0, retries: 0, failures: 0 };

let serial = 0;

/** How many times a person taps before leaving: shared by a journey's browsers, raised when they come back. */
export interface Patience {
  tries: number;
}

/**
 * Runs `attempt`, again after a transient failure up to the person's patience in all (a person
 * tapping "Try again", or the app trying again), counting each call and retry in `tally`; the
 * last failure is thrown. `onRetry` hears of each failure that is tried again.
 */
export async function patiently<T>(
  patience: Patience,
  attempt: () => Promise<T>,
  onRetry: (error: unknown) => void = () => undefined,
): Promise<T> {
  const { tries } = patience;
  for (let made = 1; ; made++) {
    tally.calls++;
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || made >= tries) {
        tally.failures++;
        throw error;
      }
      tally.retries++;
      onRetry(error);
      await new Promise((resolve) => setTimeout(resolve, 50 * made));
    }
  }
}

export class Person {
  readonly app: FirebaseApp;

  constructor(
    readonly runPrefix: string,
    private readonly patience: Patience,
  ) {
    this.app = initializeApp(
      {
        apiKey: 'demo-api-key',
        projectId: stack.projectId,
        authDomain: `${stack.projectId}.firebaseapp.com`,
        appId: LOCAL_WEB_APP_ID,
      },
      `${runPrefix}-person-${serial++}`,
    );
    initializeAppCheck(this.app, {
      provider: new CustomProvider({ getToken: async () => mintLocalToken() }),
      isTokenAutoRefreshEnabled: false,
    });
    connectAuthEmulator(getAuth(this.app), urls.auth, { disableWarnings: true });
    connectFunctionsEmulator(getFunctions(this.app, stack.region), stack.host, stack.ports.functions);
  }

  get auth() {
    return getAuth(this.app);
  }

  /**
   * A callable, tried again after a transient failure up to the person's patience in all (a
   * person tapping "Try again"); the last failure is thrown.
   */
  async call<T = unknown>(name: string, data: unknown): Promise<T> {
    const callable = httpsCallable<unknown, T>(getFunctions(this.app, stack.region), name, {
      timeout: 60_000,
      limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
    });
    return patiently(this.patience, async () => (await callable(data)).data);
  }

  async signUpWithEmail(email: string, password = 'correct-horse-battery'): Promise<User> {
    return (await createUserWithEmailAndPassword(this.auth, email, password)).user;
  }

  /** Google or Apple, as the Auth emulator takes them: an unsigned id token. */
  async signInWith(provider: 'google.com' | 'apple.com', claims: { sub: string; email: string; name?: string }) {
    const idToken = JSON.stringify({ ...claims, email_verified: true });
    const credential =
      provider === 'google.com'
        ? GoogleAuthProvider.credential(idToken)
        : new OAuthProvider('apple.com').credential({ idToken });
    return (await signInWithCredential(this.auth, credential)).user;
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}
