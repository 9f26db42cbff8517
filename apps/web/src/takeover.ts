/**
 * The one script a server-rendered page (the invitation and the pages after it) loads up front
 * (entry-server.tsx puts it in place of the app's entry). The page shows complete without
 * JavaScript (its links work, its fields take typing, a submit that needs the app waits for it), so the
 * app is not on its critical path: it is fetched once the page (the inviter's picture included)
 * has loaded, when the browser is idle, and then hydrates the page in place (start.tsx): nothing
 * moves, nothing is asked again.
 *
 * Every chunk of the takeover is asked for at once (lib/takeover-chunks.ts), not one import's
 * after another's. A browser runs every module of one import in a single task: the app's
 * libraries are taken in parts (React DOM, then the translations, then the rest), each in a task
 * of its own, so that no task is long enough to hold up a tap on a slow phone.
 *
 * The sign-up method page starts at once, Auth first: its first button is the phone's own
 * provider, and a tap on it before the app ran comes back as `?start=`, whose sign-in needs Auth
 * alone (features/sign-up/api/social-sign-in.ts, `startTappedSignIn`).
 */
import { readServerState, type ServerState } from './app/server-state';
import { holdEarlySubmits } from './lib/early-submit';
import { nextTask } from './lib/next-task';
import { markStartTaps } from './lib/sign-in-start';
import { preloadTakeover } from './lib/takeover-chunks';

/** The app's big libraries, one task each: the modules of one import run in one task. */
const libraries = [() => import('react-dom/client'), () => import('./lib/i18n')];

/** The method page's own first step: Auth, and the sign-in tapped before the app, if any. */
async function startSignInFirst(state: ServerState): Promise<void> {
  const { startTappedSignIn } = await import('./features/sign-up/api/social-sign-in');
  startTappedSignIn(state.config, state.language);
  await nextTask();
}

async function takeOver(state: ServerState | null): Promise<void> {
  const authFirst = state?.page === 'social-sign-up';
  if (state) preloadTakeover({ page: state.page, language: state.language, authFirst });
  if (state && authFirst) await startSignInFirst(state);
  for (const library of libraries) {
    await library();
    await nextTask();
  }
  await import('./main');
}

function whenIdle(state: ServerState | null): void {
  const run = () => void takeOver(state);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 0);
}

// A tap on a provider button before the app runs submits the page's form: marked as ours.
markStartTaps();
// The e-mail form's submit before the app runs: held until the app makes it.
holdEarlySubmits();
const state = readServerState(document);
// The method page has no picture to wait for, and its first button signs in.
if (state?.page === 'social-sign-up') void takeOver(state);
else if (document.readyState === 'complete') whenIdle(state);
else window.addEventListener('load', () => whenIdle(state), { once: true });
