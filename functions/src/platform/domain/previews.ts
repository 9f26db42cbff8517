/**
 * Whether a request is a preview rather than a person's visit: link tools' users most often find
 * their clicks inflated by these. X sends a HEAD per share with an ordinary browser's user agent;
 * browsers prefetch and prerender links a person has not tapped; chat apps' crawlers fetch every
 * link posted. A preview is answered like a visit (the crawler needs the preview tags) but counts
 * no short-link open and no invitation view.
 */
import { isCrawler } from '@dayfocus/contracts/phones';

export interface PreviewSignals {
  method: string;
  userAgent?: string;
  /**
   * `Sec-Purpose` (the standard header, `prefetch` or `prefetch;prerender`), else the older
   * `Purpose` (Chrome, Safari) or `X-Moz` (Firefox), whichever the request carried.
   */
  purpose?: string;
}

/** The header names a prefetch has been announced with, newest first. */
const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-moz'] as const;

export function purposeOf(header: (name: string) => string | undefined): string | undefined {
  for (const name of PURPOSE_HEADERS) {
    const value = header(name);
    if (value) return value;
  }
  return undefined;
}

/**
 * True for a HEAD, a prefetch or prerender (any purpose naming `prefetch`), and every link-preview
 * crawler `isCrawler` knows. A person's GET, or the page's own beacon, is a visit.
 */
export function isPreview({ method, userAgent, purpose }: PreviewSignals): boolean {
  if (method === 'HEAD') return true;
  if (purpose !== undefined && /(^|[\s;,])prefetch($|[\s;,])/i.test(purpose)) return true;
  return isCrawler(userAgent);
}
