/**
 * A path matched once against the contracts' route table: the page flow answers the route, never
 * the path again, so a new page of the table needs nothing here nor in the flow.
 */
import { isUserId } from '@dayfocus/contracts/ids';
import { matchPagePath, pageRouteRows, type PageRouteName, type PageRouteRow } from '@dayfocus/contracts/page-paths';

export type PageRoute =
  | { kind: 'email-action' }
  | { kind: 'sign-in-start' }
  | { kind: 'sign-in-return' }
  /** Null for an id that cannot name anyone (inviterIdOf). */
  | { kind: 'app-link'; inviterId: string | null }
  | { kind: 'welcome'; inviteeId: string | null; inviterId: string | null }
  /**
   * Every other route of the table: drawn by the web app's renderer, kept by Hosting's CDN. `path`
   * is the pattern itself when it has no parameters, else the path without a trailing slash.
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

/** Null when it cannot name anyone; any other id is looked up and may simply not exist. */
export function inviterIdOf(segment: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isUserId(id) ? id : null;
}

/** Null when a parameter cannot name anyone. */
function routeOf(
  row: PageRouteRow & { name: PageRouteName },
  path: string,
  params: Record<string, string | undefined>,
): PageRoute | null {
  const idOf = (segment: string | undefined) => (segment ? inviterIdOf(segment) : null);
  switch (row.answer) {
    case 'email-action':
    case 'sign-in-start':
    case 'sign-in-return':
      return { kind: row.answer };
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

/** The first row whose pattern matches and whose ids can name someone. */
export function pageRouteOf(path: string): PageRoute {
  for (const row of pageRouteRows) {
    const params = matchPagePath(row.pattern, path);
    const route = params ? routeOf(row, path, params) : null;
    if (route) return route;
  }
  return { kind: 'unknown' };
}
