/**
 * The welcome page's half of "signed in on arrival" (docs/app-contract.md, section 6): on the tap
 * of "Get the app", a sign-in handoff code for the account signed in on this tab, which travels
 * with the invite through the store (the Play referrer, the iPhone's copy). Nothing is asked for
 * before the tap, and a visitor with no session in this tab (the e-mail's link opened in another
 * browser) loads nothing and waits for nothing.
 */
import type { HandoffPlatform } from '@dayfocus/contracts/sign-in-handoff';
import { callFunction } from '@/lib/callables';

/**
 * How long a tap waits for the code before it goes on to the store without one: well within the
 * tap's user activation (5 s in Chrome), which opening the store's app from a web page needs.
 */
export const HANDOFF_WAIT_MS = 3_000;

/** Whether this tab holds a Firebase session, read from its session storage without loading Auth. */
export function sessionInThisTab(): boolean {
  try {
    return Object.keys(window.sessionStorage).some((key) => key.startsWith('firebase:authUser:'));
  } catch {
    return false; // storage refused (a locked-down in-app browser): no session to hand over
  }
}

/** Settles with `work`'s answer, or null once `ms` have passed. */
function withinWait<T>(work: Promise<T | null>, ms: number): Promise<T | null> {
  return Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/**
 * A handoff code for this tab's account, for `platform`'s store; null when there is no session
 * here, or the server refused, or it took longer than HANDOFF_WAIT_MS (the store link then carries
 * the invite alone, as it always did). Once a code is minted the tab's session has done its last
 * work and ends.
 */
export async function mintSignInHandoff(platform: HandoffPlatform): Promise<string | null> {
  if (!sessionInThisTab()) return null;
  const minting = (async () => {
    const { firebaseAuth, endSession } = await import('@/lib/auth');
    const auth = firebaseAuth();
    await auth.authStateReady();
    if (!auth.currentUser) return null;
    const { code } = await callFunction('createSignInHandoff', { platform });
    void endSession();
    return code;
  })().catch((error: unknown) => {
    // eslint-disable-next-line no-console
    console.warn('No sign-in handoff for the app', error);
    return null;
  });
  return withinWait(minting, HANDOFF_WAIT_MS);
}
