const SITE = new URL('http://localhost');

/**
 * A request's path as a browser reads it (dot segments resolved, a backslash read as `/`): the
 * one redirects and links are made of. Null for a path a browser would read as another host,
 * `//evil.example/…` in any spelling (sent straight to the function, or
 * `/feedback/%2e%2e//evil.example/…` once Hosting has resolved its dots): a Location of
 * `//host/…` is a redirect off the site, and the CDN keeps it.
 */
export function ownPathOf(rawUrl: string): string | null {
  const url = new URL(splitRawUrl(rawUrl).rawPath, SITE);
  return url.origin === SITE.origin && !url.pathname.startsWith('//') ? url.pathname : null;
}

/** A request's path and query exactly as sent (the query null when there is no `?` at all). */
export function splitRawUrl(rawUrl: string): { rawPath: string; rawQuery: string | null } {
  const mark = rawUrl.indexOf('?');
  return mark < 0
    ? { rawPath: rawUrl, rawQuery: null }
    : { rawPath: rawUrl.slice(0, mark), rawQuery: rawUrl.slice(mark + 1) };
}
