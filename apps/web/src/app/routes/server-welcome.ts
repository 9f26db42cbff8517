/**
 * What the server said of the welcome page it rendered from the e-mail's link or its confirm
 * form's answer (`WelcomePageState`, functions/src/pages/flows/welcome-page-flow.ts): the
 * renderer sets it before a render (server/renderer.tsx), and the app reads it from the page's
 * server state, so that both draw the same page. Null on every other page, and on a welcome page
 * the app reached by itself (after an Apple or Google sign-up).
 */
import { useState } from 'react';
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { WelcomePageState } from '@dayfocus/contracts/web-page';
import { readServerState } from '../server-state';

export interface ServerWelcome {
  state: WelcomePageState;
  /** The inviter the page greets: the link's, for the confirm form; the friend made, once confirmed. */
  inviter: InviterCard | null;
}

let rendered: ServerWelcome | null = null;

/** The renderer's: the welcome page about to be rendered, or null for any other page. */
export function setRenderedWelcome(welcome: ServerWelcome | null): void {
  rendered = welcome;
}

/** The server's welcome state of this document, read once. */
function documentWelcome(): ServerWelcome | null {
  if (typeof document === 'undefined') return rendered;
  const server = readServerState(document);
  return server?.page === 'welcome' && server.welcome ? { state: server.welcome, inviter: server.inviter } : null;
}

/** The server's welcome state, the same through the page's life (the first render's). */
export function useServerWelcome(): ServerWelcome | null {
  const [welcome] = useState(documentWelcome);
  return welcome;
}
