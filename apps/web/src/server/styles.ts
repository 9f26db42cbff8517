/**
 * The app's stylesheet inside the head of every page the server renders (renderer.tsx): the
 * page paints after one round trip, its HTML, instead of two (the HTML, then the stylesheet it
 * would block on). It is the whole file the client build emitted (named by its manifest), not a
 * critical subset: about 10 KB, 3 KB gzip, and with all of it in the document the app's own
 * navigations after the takeover need no stylesheet (index.html links it, so no script of the app
 * fetches it). The pages' Content-Security-Policy refuses inline styles: the `<style>`
 * applies under the nonce of the response (a short link's pages), or under its hash, a constant
 * of the build, which the page function adds to the policy of the pages the CDN keeps.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '@dayfocus/contracts/html';

// The client build's stylesheets, taken in at build time like its HTML and manifest.
const built = import.meta.glob<string>('../../dist/assets/*.css', { query: '?raw', import: 'default', eager: true });

export interface InlineStyles {
  /** The CSP source that lets the `<style>` apply wherever it is: its SHA-256, `'sha256-…'`. */
  source: string;
  /** `html` (the built page) with its one stylesheet link replaced by the `<style>`, under `nonce` if given. */
  inline(html: string, nonce?: string): string;
}

/**
 * The inline styles of the build whose manifest names `files` as its stylesheets. The app has
 * one, imported by its entry: a second (a page's own CSS chunk) would not be in the page, and
 * the app would not fetch it either (vite.config.ts), so the build stops here instead.
 */
export function inlineStyles(files: readonly string[]): InlineStyles {
  const [file] = files;
  if (files.length !== 1 || !file)
    throw new Error(`The client build must emit one stylesheet, the app's: it emitted ${files.join(', ') || 'none'}`);
  const css = built[`../../dist/${file}`];
  if (css === undefined) throw new Error(`The client build has no ${file}`);
  // The text goes into HTML unescaped: it must not be able to close its own element.
  if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style"`);
  const source = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
  return {
    source,
    inline(html, nonce) {
      if (!link.test(html)) throw new Error(`The built page does not link its stylesheet /${file}`);
      const attribute = nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`;
      return html.replace(link, () => `<style${attribute}>${css}</style>`);
    },
  };
}
