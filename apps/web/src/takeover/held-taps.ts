/**
 * A tap before any script of the page has run. entry.ts, the one script a server page loads up
 * front, comes a round trip after the HTML (2 s on a slow 3G network), and a tap in between would
 * go to the browser: the method page's provider buttons would load the page again (`?start=`,
 * without the mark that lets it start a sign-in: lib/sign-in-start.ts), the e-mail form would post
 * and come back empty. So the page's head carries this small inline script (server/scripts.ts,
 * under its hash in the page's Content-Security-Policy): it holds such a submit, shows it working
 * (the same attributes the stylesheet reads for a held tap), and entry.ts, once it runs, takes
 * it over (`claimHeldTap`) and submits it again to its own handlers, which hold it until Auth or
 * the app is ready. Should entry.ts never come, the submit goes to the browser after a while.
 */
import { HELD_SUBMIT_ATTRIBUTE, SUBMIT_WAITING_ATTRIBUTE } from '@/lib/held-submit';
import { SERVER_START_ATTRIBUTE, START_PARAM, START_WAITING_ATTRIBUTE } from '@/lib/sign-in-start';

/** How long a held submit waits for entry.ts before it goes to the browser after all. */
export const TAP_HOLD_MS = 30_000;

/** A submit the inline script held: its form, and the button that made it (none for Enter in a field). */
export interface HeldSubmit {
  form: HTMLFormElement;
  button: HTMLButtonElement | null;
}

/** The submit the inline script held, on `window`; and the mark that entry.ts has the page. */
interface HoldWindow {
  dayfocusHeld?: HeldSubmit | null;
  dayfocusTakeover?: boolean;
}

/**
 * The inline script (a classic one, run as the head is parsed, before anything can be tapped): for
 * the server's renderer only (a function, so that the takeover's bundle leaves it out).
 */
export function heldTapScript(): string {
  const text = JSON.stringify;
  return `(function () {
  var d = document, w = window, h = d.documentElement;
  d.addEventListener('submit', function (e) {
    if (w.dayfocusTakeover) return;
    var form = e.target, button = e.submitter || null;
    if (button && button.hasAttribute(${text(SERVER_START_ATTRIBUTE)})) return; // to the server's start
    var provider = button && button.name === ${text(START_PARAM)} ? button.value : '';
    if (!provider && !(form.hasAttribute && form.hasAttribute(${text(HELD_SUBMIT_ATTRIBUTE)}))) return;
    e.preventDefault();
    if (w.dayfocusHeld) return; // the first tap is held already
    w.dayfocusHeld = { form: form, button: button };
    h.setAttribute(provider ? ${text(START_WAITING_ATTRIBUTE)} : ${text(SUBMIT_WAITING_ATTRIBUTE)}, provider);
    setTimeout(function () {
      if (w.dayfocusTakeover) return;
      w.dayfocusTakeover = true;
      w.dayfocusHeld = null;
      h.removeAttribute(${text(START_WAITING_ATTRIBUTE)});
      h.removeAttribute(${text(SUBMIT_WAITING_ATTRIBUTE)});
      if (button) form.requestSubmit(button);
      else form.requestSubmit();
    }, ${TAP_HOLD_MS});
  }, true);
})();`;
}

/**
 * entry.ts has the page: the inline script holds nothing more, and the submit it held, if any,
 * is handed over (to be submitted again, once entry.ts's own handlers listen).
 */
export function claimHeldTap(): HeldSubmit | null {
  const page = window as HoldWindow;
  page.dayfocusTakeover = true;
  const held = page.dayfocusHeld ?? null;
  page.dayfocusHeld = null;
  return held;
}

/** Submits `held` again, by the same button: to the handlers listening now. */
export function submitAgain(held: HeldSubmit): void {
  if (held.button) held.form.requestSubmit(held.button);
  else held.form.requestSubmit();
}
