/**
 * The pages the web app's renderer draws carry the app's stylesheet inline, a `<style>` in their
 * head (apps/web/src/server-styles.ts), so that they paint after one round trip. Their
 * Content-Security-Policy lets that one element apply and refuses every other inline style: by
 * its nonce on a short link's pages (short-links/domain/link-pages.ts), by its hash on the pages the CDN keeps,
 * where a nonce would be handed to every visitor of the copy alike.
 */
import { withStyleSource } from '@dayfocus/contracts/security-headers';

/** What the renderer (entry-server.tsx) says of the stylesheet it inlines, when it inlines one. */
export interface InlineStyleRenderer {
  /** The CSP source of the inline stylesheet: its hash, `'sha256-…'`, a constant of the build. */
  readonly inlineStyleSource?: string;
}

/**
 * The page headers with `source` added to their policy's `style-src`: as they are for a renderer
 * that inlines no stylesheet, or headers without a policy (which refuse nothing).
 */
export function withInlineStyles(headers: Record<string, string>, source: string | undefined): Record<string, string> {
  const policy = headers['Content-Security-Policy'];
  if (source === undefined || policy === undefined) return headers;
  return { ...headers, 'Content-Security-Policy': withStyleSource(policy, source) };
}
