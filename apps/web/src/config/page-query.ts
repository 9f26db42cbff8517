/**
 * The query parameters the server-rendered pages read, and nothing else. Hosting's CDN keys its
 * copies on the whole URL, so a query string no page reads (`?x=random`, the click id a social app
 * appends) would reach the function on every request; the function sends such a request to the
 * page's own URL, with the query this module keeps (docs/invitation-page.md, "Cache").
 *
 * - `lg`: the page's language, when the site offers it (every page; the invitation's path names
 *   its own, but the way out of an in-app browser adds `lg` to any page).
 * - `start`: a sign-in asked for by the method page's own form (lib/sign-in-start.ts).
 * - `browser=external`: the way out of an in-app browser opened this page (lib/in-app-browser.ts).
 *
 * Each is kept once (its first value, which is what the app reads), in this order.
 */
import { matchPagePath, pagePatterns } from '@dayfocus/contracts/page-paths';
import { ESCAPE_PARAM, ESCAPE_VALUE } from '@/lib/in-app-browser';
import { isOffered } from '@/lib/i18n';
import { isStartProvider, START_PARAM } from '@/lib/sign-in-start';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';

/** The query string (no `?`) that the page at `path` is served under, given the one it was asked with. */
export function pageQuery(path: string, query: string, config: Pick<RuntimeConfig, 'portalLanguages'>): string {
  const asked = new URLSearchParams(query);
  const kept = new URLSearchParams();
  const language = asked.get('lg') ?? undefined;
  if (isOffered(config, language)) kept.set('lg', language);
  const start = asked.get(START_PARAM);
  if (matchPagePath(pagePatterns['social-sign-up'], path) && isStartProvider(start)) kept.set(START_PARAM, start);
  if (asked.get(ESCAPE_PARAM) === ESCAPE_VALUE) kept.set(ESCAPE_PARAM, ESCAPE_VALUE);
  return kept.toString();
}
