/**
 * Which route of the contracts' route table (pageRoutes, in the order the function answers them)
 * a request's path names, matched once: the page flow answers the route, never the path again.
 * A new page of the table needs nothing here nor in the flow.
 */
import { isUserId } from '@dayfocus/contracts/ids';
import { matchPagePath, pageRouteRows, type PageRouteName, type PageRouteRow } from '@dayfocus/contracts/page-paths';

export type PageRoute =
  /** Every e-mail's link (`/auth/action`). */
  | { kind: 'email-action' }
  /** "I already have an account" (`/app-link/{uid}`); null for an id that cannot name anyone. */
  | { kind: 'app-link'; inviterId: string | null }
  /**
   * The welcome page: the account to activate and the inviter who sent the link, null where the
   * path names none (or an id that cannot name anyone).
   */
  | { kind: 'welcome'; inviteeId: string | null; inviterId: string | null }
  /**
   * A page the web app's renderer draws and Hosting's CDN keeps (every other route of the table):
   * `path`, the path it is drawn for (the pattern itself when it has no parameters, else the path
   * without a trailing slash); `inviterId`, the inviter its path names (null when it names none).
   */
  | {
      kind: 'page';
      name: PageRouteName;
      path: string;
      inviterId: string | null;
      byUserAgent: boolean;
      post: PageRouteRow['post'];
    }
  /** Anything else: a longer path under /feedback/, or an id that cannot be decoded. */
  | { kind: 'unknown' };

/**
 * A path segment as an inviter id, or null when it cannot name anyone: undecodable, or not a
 * uid by the id rule (packages/contracts/src/ids.ts). (Anything else is looked up and may simply
 * not exist.)
 */
export function inviterIdOf(segment: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isUserId(id) ? id : null;
}

/** The route of one row for `path`'s parameters, or null when a parameter cannot name anyone. */
function routeOf(
  row: PageRouteRow & { name: PageRouteName },
  path: string,
  params: Record<string, string | undefined>,
): PageRoute | null {
  const idOf = (segment: string | undefined) => (segment ? inviterIdOf(segment) : null);
  switch (row.answer) {
    case 'email-action':
      return { kind: 'email-action' };
    case 'app-link':
      return { kind: 'app-link', inviterId: idOf(params.inviterId) };
    case 'welcome':
      return { kind: 'welcome', inviteeId: idOf(params.inviteeId), inviterId: idOf(params.inviterId) };
    case undefined: {
      const inviterId = idOf(params.inviterId);
      if (params.inviterId !== undefined && !inviterId) return null;
      const drawn = row.pattern.includes('/:') ? path.replace(/\/$/, '') : row.pattern;
      const { name, post } = row;
      return { kind: 'page', name, path: drawn, inviterId, byUserAgent: row.byUserAgent === true, post };
    }
  }
}

/** The route `path` names: the first row whose pattern it matches, and whose ids can name someone. */
export function pageRouteOf(path: string): PageRoute {
  for (const row of pageRouteRows) {
    const params = matchPagePath(row.pattern, path);
    const route = params ? routeOf(row, path, params) : null;
    if (route) return route;
  }
  return { kind: 'unknown' };
}
