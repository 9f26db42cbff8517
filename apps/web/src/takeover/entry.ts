/**
 * The one script a server-rendered page loads up front (server/scripts.ts puts it in place of the
 * app's entry). The page shows complete without JavaScript (its links work, its fields take
 * typing, a submit that needs the app waits for it), so the app is not on its critical path: it is
 * fetched once the page (the inviter's picture included) has loaded, when the browser is idle, and
 * then takes the page over in place (page.tsx): nothing moves, nothing is asked again.
 *
 * Every chunk of the takeover is asked for at once (chunks.ts), not one import's after another's. A browser runs every module of one import in a single task: the app's
 * libraries are taken in parts (React DOM, then the translations, then the rest), each in a task
 * of its own, so that no task is long enough to hold up a tap on a slow phone.
 *
 * On the sign-up method page, Auth comes before the rest of the app. Its provider buttons post to
 * the server's start until the app has the page (docs/arrival.md, "The provider's tap in one round
 * trip"), so a first tap needs no script and the page takes over as the others do, when the browser
 * is idle; Auth's download would otherwise share a slow link with that tap. The page starts at once
 * only when a sign-in comes back to it: the provider's token in its fragment, or `?start=` (a
 * provider the server does not start), whose sign-in needs Auth.
 */
import { readServerState, type ServerState } from '@/app/server-state';
import { holdSubmits } from '@/lib/held-submit';
import { nextTask } from '@/lib/next-task';
import { readProviderFragment } from '@dayfocus/contracts/provider-return';
import { START_PARAM } from '@/lib/sign-in-start';
import { claimHeldTap, submitAgain } from './held-taps';
import { preloadTakeover } from './chunks';

/** The app's big libraries, one task each: the modules of one import run in one task. */
const libraries = [() => import('react-dom/client'), () => import('@/lib/i18n')];

/**
 * The method page's own first step: Auth, then the sign-in that came back to the page, if any (the
 * provider's token from the server's start, or `?start=` with this tab's mark). Answers false when
 * the rest of the app is not to load: Auth could not load (the page's own module needs it too; the
 * server's buttons still post to the server's start).
 */
async function startSignInFirst(state: ServerState): Promise<boolean> {
  let signIn: typeof import('@/features/sign-up/social/api/social-sign-in');
  try {
    signIn = await import('@/features/sign-up/social/api/social-sign-in');
  } catch {
    return false;
  }
  // Back from the server's start with the provider's token: signed in now, the app reads it later.
  signIn.finishServerSignIn(state.config);
  signIn.startTappedSignIn(state.config, state.language);
  // The rest of the app waits until a tap's sign-in has all it needs (App Check's token is one more
  // request), and while a sign-in leaves for the provider's page: on a slow network the app's
  // 200 KB would be asked for first and hold those requests up. It loads if the sign-in could not start.
  await signIn.untilReadyForTaps();
  await signIn.untilNotLeaving();
  await nextTask();
  return true;
}

async function takeOver(state: ServerState | null): Promise<void> {
  const authFirst = state?.page === 'social-sign-up';
  // On the method page, Auth first; the rest of its app once Auth is ready for a tap.
  if (state && authFirst && !(await startSignInFirst(state))) return;
  if (state) preloadTakeover({ page: state.page, language: state.language, authFirst });
  for (const library of libraries) {
    await library();
    await nextTask();
  }
  await import('../main');
}

function whenIdle(state: ServerState | null): void {
  const run = () => void takeOver(state);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 0);
}

// From now on this script takes the taps the page's inline script held until it came.
const tapped = claimHeldTap();
const state = readServerState(document);
// The e-mail form's submit before the app runs: held until the app makes it.
holdSubmits();
// A tap made before this script ran, held by the inline script: to the handlers above now.
if (tapped) submitAgain(tapped);
// A sign-in coming back to the method page needs Auth at once.
const signInBack =
  readProviderFragment(window.location.hash) !== null || new URLSearchParams(window.location.search).has(START_PARAM);
if (state?.page === 'social-sign-up' && signInBack) void takeOver(state);
else if (document.readyState === 'complete') whenIdle(state);
else window.addEventListener('load', () => whenIdle(state), { once: true });
