/** The pages' paths and links (`href`) are the contracts' route table, shared with the page function. */
import type { WebPageName } from '@dayfocus/contracts/page-paths';

/** Each is the module `src/app/routes/{page}.tsx`, loaded on its own. */
export type PageName = WebPageName | 'not-found';

/** `value` as a URL of this site (relative to `origin`), or null when it is not one. */
export function sameOriginUrl(value: string | null, origin: string): URL | null {
  if (!value || !URL.canParse(value, origin)) return null;
  const url = new URL(value, origin);
  return url.origin === origin ? url : null;
}
