/**
 * What a server-rendered page hands the app, so that the app takes the page over without asking
 * again: the configuration, the page's language and the inviter. It travels as
 * a JSON data block (`<script type="application/json">`): never executed, so the page's CSP
 * needs no exception for it.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { Phone } from '@dayfocus/contracts/phones';
import type { WelcomePageState } from '@dayfocus/contracts/web-page';
import type { PageName } from '@/config/paths';
import type { InAppBrowser } from '@/lib/in-app-browser';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';

export const SERVER_STATE_ELEMENT_ID = 'dayfocus-server-state';

export interface ServerState {
  config: RuntimeConfig;
  language: string;
  /** The page the server rendered, which the app takes over. */
  page: PageName;
  /** The phone the page was rendered for (the welcome page's store order); none on a desktop. */
  phone?: Phone;
  /** The in-app browser the server found from the request (a page drawn per user agent; else null). */
  inApp?: InAppBrowser | null;
  /** The inviter id of the path (null on `/tasks-Feedback`) and what the server found for it. */
  inviterId: string | null;
  inviter: InviterCard | null;
  /** The welcome page's state, from the e-mail's link or its confirm form's answer (`inviter`: whom it greets). */
  welcome?: WelcomePageState;
}

/** The data block's HTML: `<`, `>` and `&` escaped, so that no value can close the element. */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

/** The state of a server-rendered page, or null on a page the server did not render (or a broken block). */
export function readServerState(doc: Document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as ServerState;
    return state && typeof state.language === 'string' && typeof state.page === 'string' && state.config ? state : null;
  } catch {
    return null;
  }
}
