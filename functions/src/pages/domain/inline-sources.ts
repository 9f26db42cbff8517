/**
 * The pages the web app's renderer draws carry two things inline: the app's stylesheet, a `<style>`
 * in their head (apps/web/src/server/styles.ts), so that they paint after one round trip; and
 * small scripts: the head's, which holds a tap made before the page's scripts have come
 * (apps/web/src/takeover/held-taps.ts), and the check-mail page's call that writes in the address
 * of a reloaded tab (apps/web/src/features/sign-up/email/lib/reloaded-address.ts). Their Content-Security-Policy lets those two apply and refuses
 * every other inline style and script: the stylesheet by its nonce on a short link's pages
 * (short-links/domain/link-pages.ts, which carry no script of the app), both by their hashes on
 * the pages the CDN keeps, where a nonce would be handed to every visitor of the copy alike.
 */
import { withScriptSource, withStyleSource } from '@dayfocus/contracts/security-headers';

/** What the renderer says of what it inlines. */
export interface InlineRenderer {
  /** Its hash, `'sha256-…'`, a constant of the build. */
  readonly inlineStyleSource?: string;
  /** Likewise, one hash for each inline script, space-separated. */
  readonly inlineScriptSource?: string;
}

/** Headers without a policy refuse nothing: they stay as they are. */
export function withInlineSources(headers: Record<string, string>, renderer: InlineRenderer): Record<string, string> {
  let policy = headers['Content-Security-Policy'];
  if (policy === undefined) return headers;
  if (renderer.inlineStyleSource !== undefined) policy = withStyleSource(policy, renderer.inlineStyleSource);
  if (renderer.inlineScriptSource !== undefined) policy = withScriptSource(policy, renderer.inlineScriptSource);
  return { ...headers, 'Content-Security-Policy': policy };
}
