/**
 * Hosting's CDN keys its copies on the whole URL, so a query string no page reads (`?x=random`, the
 * click id a social app appends) would reach the function on every request; the function sends such
 * a request to the page's own URL, with the query kept here (docs/invitation-page.md, "Cache"). `lg`
 * is kept on every page, not only the invitation (whose path names its language): the way out of an
 * in-app browser adds it to any page. Each parameter is kept once (its first value, which is what
 * the app reads), in this order.
 */
import { FINISH_LINK_PARAMETER, matchPagePath, pagePatterns } from '@dayfocus/contracts/page-paths';
import { ESCAPE_PARAM, ESCAPE_VALUE } from '@/lib/in-app-browser';
import { isOffered } from '@/lib/i18n';
import { isStartProvider, START_PARAM } from '@/lib/sign-in-start';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';
import { INVITE_WAY_PARAM, inviteWayOfMarker } from '@dayfocus/contracts/invite-ways';
import { INVITE_LINK_PARAM, inviteLinkOf } from '@dayfocus/contracts/invite-links';

/** Without the `?`, as `query` is given. */
export function pageQuery(path: string, query: string, config: Pick<RuntimeConfig, 'portalLanguages'>): string {
  const asked = new URLSearchParams(query);
  const kept = new URLSearchParams();
  const language = asked.get('lg') ?? undefined;
  if (isOffered(config, language)) kept.set('lg', language);
  const start = asked.get(START_PARAM);
  if (matchPagePath(pagePatterns['social-sign-up'], path) && isStartProvider(start)) kept.set(START_PARAM, start);
  if (matchPagePath(pagePatterns['sign-up'], path) && asked.get(FINISH_LINK_PARAMETER) === '1')
    kept.set(FINISH_LINK_PARAMETER, '1');
  if (asked.get(ESCAPE_PARAM) === ESCAPE_VALUE) kept.set(ESCAPE_PARAM, ESCAPE_VALUE);
  // The invitation's way in (`via`): only a marked way we make, so at most three more copies a page.
  const way = inviteWayOfMarker(asked.get(INVITE_WAY_PARAM));
  if (matchPagePath(pagePatterns.invitation, path) && way !== 'plain') kept.set(INVITE_WAY_PARAM, way);
  // The link it came through (one value of a link code's shape): its door admits her.
  const link = inviteLinkOf(`/?${query}`);
  if (matchPagePath(pagePatterns.invitation, path) && link) kept.set(INVITE_LINK_PARAM, link);
  return kept.toString();
}
