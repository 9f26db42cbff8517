/**
 * The welcome page's half of "signed in on arrival" (docs/signed-in-on-arrival.md, section 6): on the tap
 * of "Get the app", a sign-in handoff code for the account signed in on this tab, which travels
 * with the invite through the store (the Play referrer, the iPhone's copy). Nothing is asked for
 * before the tap. A visitor with no session in this tab (the e-mail's link opened in another
 * browser) loads nothing and waits for nothing: her code, if any, came with activation's answer.
 */
import type { Phone } from '@dayfocus/contracts/phones';
import { callFunction } from '@/lib/callables';

/**
 * How long a tap waits for the code before it goes on to the store without one: well within the
 * tap's user activation (5 s in Chrome), which opening the store's app from a web page needs.
 */
export const HANDOFF_WAIT_MS = 3_000;

interface SessionUser {
  uid?: unknown;
  providerData?: { providerId?: unknown }[];
}

/** Read from the tab's session storage, without loading Auth. */
function sessionUser(): SessionUser | null {
  try {
    const key = Object.keys(window.sessionStorage).find((name) => name.startsWith('firebase:authUser:'));
    const user = JSON.parse((key && window.sessionStorage.getItem(key)) || 'null') as SessionUser | null;
    return typeof user?.uid === 'string' ? user : null;
  } catch {
    return null; // storage refused (a locked-down in-app browser) or unreadable: no session to hand over
  }
}

function sessionAccount(): string | null {
  const uid = sessionUser()?.uid;
  return typeof uid === 'string' ? uid : null;
}

export function sessionInThisTab(): boolean {
  return sessionAccount() !== null;
}

/**
 * Whether a code would help this tab's account into the app on `platform`: not for an account of
 * Apple alone on an iPhone, which the app's own Apple sheet signs in with one tap
 * (docs/signed-in-on-arrival.md, section 6, "The iPhone's copy"); its copy carries the invite alone.
 */
function codeHelps(platform: Phone): boolean {
  const providers = (sessionUser()?.providerData ?? []).map((provider) => provider.providerId);
  return !(platform === 'ios' && providers.length > 0 && providers.every((id) => id === 'apple.com'));
}

function withinWait<T>(work: Promise<T | null>, ms: number): Promise<T | null> {
  return Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/**
 * The code this tab minted, kept in its session storage (where the session it replaces was, and
 * gone with the tab): a person who comes back from the store and taps again (the store's app did
 * not open, say; the page may be loaded anew) takes the same code, though the session has ended.
 * Kept while at least KEEP_MARGIN_MS of its life remain, for the app to redeem it, and only for
 * its own account: once another person signs in on the tab, hers is minted instead.
 */
const KEPT_KEY = 'dayfocus:signInHandoff';
const KEEP_MARGIN_MS = 2 * 60_000;

interface Kept {
  /** The account it signs in. */
  uid: string;
  platform: Phone;
  code: string;
  usableUntil: number;
}

function keptCode(platform: Phone): string | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEPT_KEY) ?? 'null') as Kept | null;
    const account = sessionAccount();
    const ours = kept !== null && (account === null || kept.uid === account);
    if (ours && kept.platform === platform && typeof kept.code === 'string' && Date.now() < kept.usableUntil) {
      return kept.code;
    }
    window.sessionStorage.removeItem(KEPT_KEY);
  } catch {
    // storage refused or unreadable: nothing kept
  }
  return null;
}

function keepCode(kept: Kept): void {
  try {
    window.sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept));
  } catch {
    // storage refused: a later tap goes with the invite alone
  }
}

/**
 * Keeps the code activation answered for `uid` (the e-mail's code applied for the first time:
 * ActivationAnswer's `signIn`), so that the store tap of a page with no session carries it at once.
 */
export function keepActivationCode(uid: string, signIn: { code: string; expiresAt: string; platform: Phone }) {
  keepCode({
    uid,
    platform: signIn.platform,
    code: signIn.code,
    usableUntil: Date.parse(signIn.expiresAt) - KEEP_MARGIN_MS,
  });
}

export function handoffAvailable(platform: Phone): boolean {
  return keptCode(platform) !== null || (sessionInThisTab() && codeHelps(platform));
}

/**
 * Null when there is no session here, or the server refused, or it took longer than
 * HANDOFF_WAIT_MS: the store link then carries the invite alone. Once a code is minted the tab's
 * session has done its last work and ends; the code is given again to a later tap.
 */
export async function mintSignInHandoff(platform: Phone): Promise<string | null> {
  const kept = keptCode(platform);
  if (kept || !sessionInThisTab() || !codeHelps(platform)) return kept;
  const minting = (async () => {
    const { signedIn, endSession } = await import('@/lib/auth');
    // A sign-up's own sign-in may still be on its way (the e-mail sign-up's, lib/auth.ts).
    const uid = (await signedIn()).currentUser?.uid;
    if (!uid) return null;
    // The page's language: the one a recovery mail would speak if the code were ever reused.
    const language = document.documentElement.lang || undefined;
    const { code, expiresAt } = await callFunction('createSignInHandoff', { platform, language });
    keepCode({ uid, platform, code, usableUntil: Date.parse(expiresAt) - KEEP_MARGIN_MS });
    void endSession();
    return code;
  })().catch((error: unknown) => {
    // eslint-disable-next-line no-console
    console.warn('No sign-in handoff for the app', error);
    return null;
  });
  return withinWait(minting, HANDOFF_WAIT_MS);
}
