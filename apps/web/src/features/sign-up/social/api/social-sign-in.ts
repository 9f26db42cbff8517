/**
 * Sign-in with Apple or Google, as it has to work where invite links really open
 * (docs/arrival.md): a popup opened within the tap (nothing awaited between the tap and
 * `window.open`), or a full-page redirect where a popup cannot be had (the browser blocked it, Auth
 * was not ready yet at the tap, or an in-app browser, where popups fail).
 */
import {
  getRedirectResult,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
  updateProfile,
  type Auth,
  type AuthProvider,
  type UserCredential,
} from 'firebase/auth';
import { readProviderFragment, type ProviderReturn } from '@dayfocus/contracts/provider-return';
import type { RuntimeConfig } from '@/config/runtime-config';
import { authReadyForTap, prepareAuth } from '@/lib/auth';
import { setFirebaseConfig } from '@/lib/firebase-config';
import { currentInAppBrowser } from '@/lib/in-app-browser';
import { isStartProvider, SERVER_START_MARK_TTL_MS, START_PARAM, takeStartTap } from '@/lib/sign-in-start';

export type Provider = 'apple.com' | 'google.com';

function authProvider(provider: Provider): AuthProvider {
  if (provider === 'google.com') return new GoogleAuthProvider();
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  return apple;
}

/** This tab left for a provider's page; kept so that the page it comes back to can say it is finishing. */
const REDIRECT_KEY = 'dayfocus.signInRedirect';

function rememberRedirect(provider: Provider | null): void {
  try {
    if (provider) sessionStorage.setItem(REDIRECT_KEY, provider);
    else sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage refused (private mode): the page then shows its buttons until the result is in.
  }
}

/** The provider whose page this tab went to from here, if it has come back (the result may still be on its way). */
function redirectedTo(): Provider | null {
  try {
    const provider = sessionStorage.getItem(REDIRECT_KEY);
    return provider === 'apple.com' || provider === 'google.com' ? provider : null;
  } catch {
    return null;
  }
}

export function returningFromRedirect(): boolean {
  return redirectedTo() !== null || serverReturn() !== null;
}

/**
 * What the server's sign-in start (`/auth/start`, @dayfocus/contracts/provider-return) handed this
 * page in its fragment: read once, and taken out of the address at once, so that neither a reload,
 * the way back nor a copied address carries the token again.
 */
let fragment: ReturnType<typeof readProviderFragment> | undefined;

function serverReturn(): ReturnType<typeof readProviderFragment> {
  if (fragment !== undefined) return fragment;
  const handed = readProviderFragment(window.location.hash);
  const { pathname, search } = window.location;
  if (handed) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  // Only the answer to this tab's own tap on this page: an address made elsewhere with a token in
  // its fragment (someone else's account) signs nobody in (docs/threat-model-sign-up.md, row 76).
  const provider = handed?.kind === 'signed-in' ? handed.answer.provider : handed?.provider;
  const tapped = provider !== undefined && takeStartTap(pathname, provider, Date.now(), SERVER_START_MARK_TTL_MS);
  fragment = tapped ? handed : null;
  return fragment;
}

function credentialOf({ provider, idToken, rawNonce }: ProviderReturn) {
  return provider === 'google.com'
    ? GoogleAuthProvider.credential(idToken)
    : new OAuthProvider('apple.com').credential({ idToken, rawNonce });
}

let serverSignInOutcome: Promise<UserCredential> | undefined;

/** takeover/entry.ts, before the app: the server's sign-in, if the page came back with one, under the page's config. */
export function finishServerSignIn(config: RuntimeConfig): void {
  if (!serverReturn()) return;
  setFirebaseConfig(config);
  // The app reads the outcome (redirectSignIn); a failure is its to show.
  serverSignIn()?.catch(() => undefined);
}

/**
 * The sign-in the server's start brought back, signed in with the provider's ID token as soon as
 * Auth has loaded (takeover/entry.ts calls it before the rest of the app loads); null when the
 * page came back with none. A refusal the provider or the server said rejects, naming the provider.
 */
export function serverSignIn(): Promise<UserCredential> | null {
  const returned = serverReturn();
  if (!returned) return null;
  serverSignInOutcome ??= (async () => {
    if (returned.kind === 'refused') {
      throw new RedirectSignInError(returned.provider, new Error('The provider refused the sign-in'));
    }
    const auth = await prepareAuth();
    try {
      const credential = await signInWithCredential(auth, credentialOf(returned.answer));
      // Apple's token names nobody: the name it posted (her first sign-in) goes on her profile.
      const { name } = returned.answer;
      if (name && !credential.user.displayName) {
        await updateProfile(credential.user, { displayName: name });
        // The server reads her name from her token: one that names her.
        await credential.user.getIdToken(true);
      }
      return credential;
    } catch (error) {
      throw new RedirectSignInError(returned.answer.provider, error);
    }
  })();
  return serverSignInOutcome;
}

/** A redirect's sign-in failed on the way back: the provider it went to, for the page to name. */
export class RedirectSignInError extends Error {
  constructor(
    readonly provider: Provider,
    override readonly cause: unknown,
  ) {
    super(`Sign-in by redirect to ${provider} failed`, { cause });
  }
}

/** Leaves for the provider's page: never resolves, and rejects if leaving failed. */
export async function signInByRedirect(provider: Provider, language: string): Promise<never> {
  const auth = await prepareAuth();
  auth.languageCode = language;
  rememberRedirect(provider);
  try {
    await signInWithRedirect(auth, authProvider(provider));
  } catch (error) {
    rememberRedirect(null);
    throw error;
  }
  return new Promise<never>(() => undefined); // the page is going away
}

/**
 * The popup, if Auth is ready: call it straight from the tap's handler, with no await before
 * it, so that `window.open` runs within the tap. Undefined when Auth is not ready yet (the
 * caller redirects instead). The promise rejects with `auth/popup-blocked` when the browser
 * refused the window.
 */
export function signInByPopup(provider: Provider, language: string): Promise<UserCredential> | undefined {
  const auth: Auth | undefined = authReadyForTap();
  if (!auth) return undefined;
  auth.languageCode = language;
  return signInWithPopup(auth, authProvider(provider));
}

/** Read once per page load: the SDK hands a redirect's result to its first reader only. */
let redirectOutcome: Promise<UserCredential | null> | undefined;

/**
 * The sign-in a redirect brought this tab back with, or null. Also readies Auth for a tap
 * (`prepareAuth`), so the page calls it when it opens. It rejects only for a redirect this tab
 * made (the provider refused, the network failed on the way back), with a RedirectSignInError.
 */
export function redirectSignIn(): Promise<UserCredential | null> {
  redirectOutcome ??=
    serverSignIn() ??
    (async () => {
      const returning = redirectedTo();
      const auth = await prepareAuth();
      try {
        return await getRedirectResult(auth);
      } catch (error) {
        // A failure to read a redirect this tab never made concerns nobody on the page.
        if (!returning) {
          // eslint-disable-next-line no-console
          console.warn('No redirect result could be read', error);
          return null;
        }
        throw new RedirectSignInError(returning, error);
      } finally {
        rememberRedirect(null);
      }
    })();
  return redirectOutcome;
}

// A sign-in tapped on the server's method page before the app ran, which the server's start sent
// back as `?start={provider}` (it does not start that provider: lib/sign-in-start.ts), started as
// soon as Auth has loaded, ahead of the rest of the app: Firebase's redirect needs Auth alone, not
// React nor the page. takeover/entry.ts loads this module first when the page comes back so. The
// app then finds neither the `start` in the address nor the tap's mark (../hooks/use-sign-in-on-open.ts).

let started: Provider | null = null;

/** The provider whose sign-in takeover/entry.ts started (the page is leaving for it), or null. */
export function tappedSignInStarted(): Provider | null {
  return started;
}

/**
 * Starts the sign-in this tab tapped on this page just now, by redirect, and answers true; false
 * (nothing done) when the address names none, the tap was not this tab's (a shared link), or it
 * is Google's inside an in-app browser (Google refuses it there: the page shows the way out).
 */
export function startTappedSignIn(config: RuntimeConfig, language: string): boolean {
  const search = new URLSearchParams(window.location.search);
  const requested = search.get(START_PARAM);
  if (!isStartProvider(requested)) return false;
  if (!takeStartTap(window.location.pathname, requested)) return false;
  // Out of the address, as the app takes it out: a reload or the way back starts nothing again.
  search.delete(START_PARAM);
  const rest = search.size > 0 ? `?${search}` : '';
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
  if (refusedHere(requested)) return false;
  void startSignIn(config, language, requested).catch((error: unknown) => {
    // The app's buttons stay: a tap on one tries again.
    // eslint-disable-next-line no-console
    console.error('The sign-in tapped before the app could not start', error);
  });
  return true;
}

/** Google refuses to sign in inside an in-app browser: the page shows the way out instead. */
function refusedHere(provider: Provider): boolean {
  return provider === 'google.com' && currentInAppBrowser() !== null;
}

/**
 * Starts `provider`'s sign-in by redirect, from a tap the app did not take (the server's buttons,
 * lib/sign-in-start.ts): it settles only when the sign-in could not start.
 */
export function startSignIn(config: RuntimeConfig, language: string, provider: Provider): Promise<never> {
  if (refusedHere(provider)) {
    return Promise.reject(new Error('Google does not sign in inside an in-app browser'));
  }
  setFirebaseConfig(config);
  started = provider;
  const attempt = signInByRedirect(provider, language).catch((error: unknown) => {
    started = null;
    throw error;
  });
  leaving = attempt.catch(() => undefined);
  return attempt;
}

let leaving: Promise<void> | null = null;

/** Settles once Auth is ready for a tap (its state read, App Check's token in hand), or could not be. */
export function untilReadyForTaps(): Promise<void> {
  return prepareAuth().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Settles once no sign-in started here is leaving for the provider's page: at once when none was
 * started, else only if it could not start (the page stays then).
 */
export function untilNotLeaving(): Promise<void> {
  return leaving ?? Promise.resolve();
}
