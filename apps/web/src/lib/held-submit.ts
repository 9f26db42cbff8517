/**
 * A form the server rendered takes typing from its first paint; its submit needs the app (the
 * sign-up runs in the browser). A submit before the app has taken the form over is held: the
 * browser does not post it, the page says it is working, and the app submits it once, by itself,
 * as soon as its form is ready (no second tap). Installed by takeover/entry.ts, the one script a
 * server-rendered page loads up front; a form opts in with `data-held-submit`.
 *
 * Before that script runs (a submit within its own download), the page's inline script holds the
 * submit and hands it over (takeover/held-taps.ts). Without any script, the browser posts the
 * form: its `method="post"` keeps every field out of the address, and the server answers with the
 * page again, reading nothing of the body (functions/src/pages/flows/page-flow.ts).
 */

/** The attribute of a form whose submit before the takeover is held. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';
/**
 * Set on `<html>` while a submit is held (outside the part of the page React takes over, so that
 * the takeover finds the server's markup as it was): the stylesheet shows the form's button busy.
 */
export const SUBMIT_WAITING_ATTRIBUTE = 'data-submit-waiting';

/** The forms the app has taken over: their submits are the app's. */
const taken = new WeakSet<HTMLFormElement>();
let held: HTMLFormElement | null = null;

/** Holds each submit of an opted-in form made before the app has taken the form over. */
export function holdSubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(HELD_SUBMIT_ATTRIBUTE) || taken.has(form)) return;
      // Neither posted by the browser nor seen by a React root still taking the page over: the
      // app submits it once, when the form is its own.
      event.preventDefault();
      event.stopPropagation();
      held = form;
      document.documentElement.setAttribute(SUBMIT_WAITING_ATTRIBUTE, '');
    },
    true,
  );
}

/**
 * The app's form is ready: its submits are the app's from now on. Answers whether a submit was
 * held for it, which the caller then makes (`form.requestSubmit()`).
 */
export function takeOverForm(form: HTMLFormElement): boolean {
  taken.add(form);
  const wasHeld = held === form;
  if (wasHeld) held = null;
  if (!held) document.documentElement.removeAttribute(SUBMIT_WAITING_ATTRIBUTE);
  return wasHeld;
}
