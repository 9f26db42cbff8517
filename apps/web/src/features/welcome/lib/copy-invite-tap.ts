/**
 * "Copy invite and get the app" before the app has the page. The server draws the confirmed
 * welcome page seconds before the app takes it over on a slow phone, and the copy needs the tap
 * itself: Safari writes to the clipboard only from the tap's own call, and a tap held until the
 * app arrives has lost that. So the button carries the text it copies and where it goes next
 * (the invite, with the sign-in code the confirmation minted; the App Store), and the page's
 * inline script (server/scripts.ts) copies it within the tap and then opens the store. Once the
 * app has the button, it marks it taken and the tap is the app's own (copy-invite-button.tsx).
 */

/** The text the button copies, when the page knows it (the server's answer gave it). */
export const COPY_TEXT_ATTRIBUTE = 'data-copy-text';
/** Where the tap goes once the text is copied: the App Store. */
export const COPY_THEN_ATTRIBUTE = 'data-copy-then';
/** Set by the app on a button it has taken over: the inline script leaves its taps alone. */
export const COPY_TAKEN_ATTRIBUTE = 'data-copy-taken';

/**
 * How long the store waits for the clipboard's answer: a write that never settles (a browser that
 * asks the person first) still leads on to the store.
 */
export const COPY_WAIT_MS = 1_500;

/**
 * The inline script's part (a classic script, run as the head is parsed): for the server's
 * renderer only (a function, so that the app's bundle leaves it out). Listens on the document, in
 * the capture phase, so that a tap it takes never reaches a React root still taking the page over.
 */
export function copyInviteTapScript(): string {
  const text = JSON.stringify;
  return `(function () {
  var leaving = false;
  document.addEventListener('click', function (e) {
    var target = e.target, button = target && target.closest ? target.closest(${text(`[${COPY_TEXT_ATTRIBUTE}]`)}) : null;
    if (!button || button.disabled || button.hasAttribute(${text(COPY_TAKEN_ATTRIBUTE)})) return;
    e.preventDefault();
    e.stopPropagation();
    if (leaving) return;
    leaving = true;
    var then = button.getAttribute(${text(COPY_THEN_ATTRIBUTE)}), gone = false;
    var go = function () {
      if (gone) return;
      gone = true;
      leaving = false;
      if (then) location.assign(then);
    };
    setTimeout(go, ${COPY_WAIT_MS});
    try {
      navigator.clipboard.writeText(button.getAttribute(${text(COPY_TEXT_ATTRIBUTE)})).then(go, go);
    } catch (error) {
      go();
    }
  }, true);
})();`;
}
