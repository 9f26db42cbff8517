/**
 * The one script a server-rendered page (the invitation and the pages after it) loads up front
 * (entry-server.tsx puts it in place of the app's entry). The page shows complete without
 * JavaScript (its links work, its fields take typing, a submit that needs the app waits for it), so the
 * app is not on its critical path: it is fetched once the page (the inviter's picture included)
 * has loaded, when the browser is idle, and then hydrates the page in place (start.tsx): nothing
 * moves, nothing is asked again.
 *
 * A browser runs every module of one import in a single task. The app's libraries are taken in
 * DOM first, then the translations, each in a task of its own, so that no task is long enough
 * to hold up a tap on a slow phone; the rest of the app follows in the next one.
 */
import { holdEarlySubmits } from './lib/early-submit';
import { markStartTaps } from './lib/sign-in-start';

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function takeOver(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./lib/i18n');
  await nextTask();
  await import('./main');
}

function whenIdle(): void {
  const run = () => void takeOver();
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1500 });
  else setTimeout(run, 0);
}

// A tap on a provider button before the app runs submits the page's form: marked as ours.
markStartTaps();
// The e-mail form's submit before the app runs: held until the app makes it.
holdEarlySubmits();
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
