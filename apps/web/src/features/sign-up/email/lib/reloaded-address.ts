/**
 * The check-mail page reloaded (a low-memory phone drops the tab while she reads her mail). The
 * address the mail went to is in the tab's history entry, which the server never sees: its page
 * said "we have sent you an email" with no address, and the line with the address came seconds
 * later with the app, moving the code's field down under her thumb. So the lead carries its two
 * sentences with the address left open (`data-sent-to`, `data-still-holds`), and a one-call script
 * right after it (constant text, run under its hash) writes the address in before the page first
 * paints: the same nodes the app's first render draws from the same history entry
 * (components/with-address.tsx), so that the app takes the page over without a change. The same
 * call after the advice for a tab without the entry ("sign up again", `data-no-entry`) hides it
 * when the entry is whole, as the app's first render does (routes/confirm-email.tsx): the server
 * draws that advice, so that a cold visit paints it at once instead of with the app.
 */

/** Where the address goes in the lead's sentences (i18next leaves a variable's value as it is). */
export const ADDRESS_SLOT = '{{email}}';
export const SENT_TO_ATTRIBUTE = 'data-sent-to';
export const STILL_HOLDS_ATTRIBUTE = 'data-still-holds';
/** Marks the advice for a tab without the entry, which the call after it hides for a tab with one. */
export const NO_ENTRY_ATTRIBUTE = 'data-no-entry';

/** The text of the script after the lead: the same on every page, so one hash lets it run. */
export const FILL_ADDRESS_CALL = 'dayfocusFillAddress()';

/**
 * The function the script after the lead calls, for the page's inline script (a classic script, run
 * as the head is parsed): for the server's renderer only (a function, so that the app's bundle
 * leaves it out). It reads what the sign-up form left in the history entry (react-router keeps it
 * under `usr`) and writes the sentence the app would, the address in its own `.address` span;
 * without a whole entry (another tab, a link), the lead stays as the server drew it. After the
 * advice for a tab without the entry, it hides the advice if the entry is whole (uid, inviterId
 * and e-mail, as `confirmEmailState` reads it).
 */
export function fillAddressScript(): string {
  const text = JSON.stringify;
  return `window.dayfocusFillAddress = function () {
  var script = document.currentScript, lead = script && script.previousElementSibling;
  var entry = window.history.state, state = entry && entry.usr;
  if (!lead || !state) return;
  if (lead.hasAttribute(${text(NO_ENTRY_ATTRIBUTE)})) {
    if (typeof state.email === 'string' && typeof state.uid === 'string' && typeof state.inviterId === 'string')
      lead.hidden = true;
    return;
  }
  if (typeof state.email !== 'string' || !state.email) return;
  var sentence = lead.getAttribute(state.mailSent === false ? ${text(STILL_HOLDS_ATTRIBUTE)} : ${text(SENT_TO_ATTRIBUTE)});
  var at = sentence ? sentence.indexOf(${text(ADDRESS_SLOT)}) : -1;
  if (at < 0) return;
  var address = document.createElement('span');
  address.className = 'address';
  address.textContent = state.email;
  var before = sentence.slice(0, at), after = sentence.slice(at + ${ADDRESS_SLOT.length});
  lead.textContent = '';
  if (before) lead.appendChild(document.createTextNode(before));
  lead.appendChild(address);
  if (after) lead.appendChild(document.createTextNode(after));
};`;
}
