/**
 * The app's pages. Their paths, and the links to them (`href`), are the contracts' route table
 * (@dayfocus/contracts/page-paths), which the page function reads too.
 */
import type { WebPageName } from '@dayfocus/contracts/page-paths';

/** The pages of the app; each is the module `src/app/routes/{page}.tsx`, loaded on its own. */
export type PageName = WebPageName | 'not-found';

/** `value` as a URL of this site (relative to `origin`), or null when it is not one. */
export function sameOriginUrl(value: string | null, origin: string): URL | null {
  if (!value || !URL.canParse(value, origin)) return null;
  const url = new URL(value, origin);
  return url.origin === origin ? url : null;
}
