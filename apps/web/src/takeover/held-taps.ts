/**
 * A tap before any script of the page has run. entry.ts, the one script a server page loads up
 * front, comes a round trip after the HTML (2 s on a slow 3G network), and the e-mail form's submit
 * in between would go to the browser: it would post and come back empty. So the page's head
 * carries this small inline script (server/scripts.ts, under its hash in the page's
 * Content-Security-Policy): it holds such a submit, shows it working (the attribute the stylesheet
 * reads for a held submit), and entry.ts, once it runs, takes it over (`claimHeldTap`) and submits
 * it again to its own handlers, which hold it until the app is ready. Should entry.ts never come,
 * the submit goes to the browser after a while. The method page's provider buttons need no
 * script: they post to the server's start (docs/arrival.md), and the script only shows the tapped
 * one working until the provider's page comes.
 */
import { HELD_SUBMIT_ATTRIBUTE, SUBMIT_WAITING_ATTRIBUTE } from '@/lib/held-submit';
import { SERVER_START_ATTRIBUTE, START_MARK_KEY, START_WAITING_ATTRIBUTE } from '@/lib/sign-in-start';

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
    var form = e.target, button = e.submitter || null;
    // A provider's button goes to the server's start at once: the tap is marked as this tab's
    // (lib/sign-in-start.ts: only a marked tap's answer signs the page in) and shown working.
    if (button && button.hasAttribute(${text(SERVER_START_ATTRIBUTE)})) {
      try {
        var path = new URL(form.action, location.href).pathname;
        sessionStorage.setItem(${text(START_MARK_KEY)}, JSON.stringify({ path: path, provider: button.value, at: Date.now() }));
      } catch (_) {}
      h.setAttribute(${text(START_WAITING_ATTRIBUTE)}, button.value);
      return;
    }
    if (w.dayfocusTakeover) return;
    if (!(form.hasAttribute && form.hasAttribute(${text(HELD_SUBMIT_ATTRIBUTE)}))) return;
    e.preventDefault();
    if (w.dayfocusHeld) return; // the first tap is held already
    w.dayfocusHeld = { form: form, button: button };
    h.setAttribute(${text(SUBMIT_WAITING_ATTRIBUTE)}, '');
    setTimeout(function () {
      if (w.dayfocusTakeover) return;
      w.dayfocusTakeover = true;
      w.dayfocusHeld = null;
      h.removeAttribute(${text(SUBMIT_WAITING_ATTRIBUTE)});
      if (button) form.requestSubmit(button);
      else form.requestSubmit();
    }, ${TAP_HOLD_MS});
  }, true);
  // Back from the provider's page to this one, as it was left (the back-forward cache): not working.
  w.addEventListener('pageshow', function (e) {
    if (e.persisted) h.removeAttribute(${text(START_WAITING_ATTRIBUTE)});
  });
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
