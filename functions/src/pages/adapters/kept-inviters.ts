/**
 * The pages' inviter lookup, kept in the instance per inviter for as long as the CDN keeps a page
 * (docs/invitation-page.md, "Cache"). The CDN keeps a copy per value of each header a page varies
 * on (User-Agent, Accept-Language), so new values, random or the long tail of real browsers, reach
 * the function every time; what the page shows of the inviter does not depend on them, so they are
 * answered from what the instance read for her within that time, with no read.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { INVITATION_CACHE_CONTROL, UNKNOWN_INVITER_CACHE_CONTROL } from '@dayfocus/contracts/web-page';
import type { HttpRequest } from '../../platform/domain/http-request.js';

/** What the CDN keys its copies on. */
export type PageAsked = Pick<HttpRequest, 'rawUrl' | 'userAgent' | 'acceptLanguage'>;

export function sharedMaxAgeMs(cacheControl: string): number {
  const seconds = /\bs-maxage=(\d+)/.exec(cacheControl)?.[1];
  if (seconds === undefined) throw new Error(`No s-maxage in "${cacheControl}"`);
  return Number(seconds) * 1000;
}

/** As long as the CDN keeps a page that shows her (or nobody) fresh, so keeping adds at most that to a change. */
export const PAGE_INVITER_KEEP_MS = Math.min(
  sharedMaxAgeMs(INVITATION_CACHE_CONTROL),
  sharedMaxAgeMs(UNKNOWN_INVITER_CACHE_CONTROL),
);

export class KeptPageInviters {
  /** Concurrent asks share one read. */
  private readonly cards: LRUCache<string, { card: InviterCard | null }>;
  /** A digest of each request answered, found or not. */
  private readonly answered: LRUCache<string, true>;

  constructor(find: (inviterId: string) => Promise<InviterCard | null>, ttlMs = PAGE_INVITER_KEEP_MS) {
    this.cards = new LRUCache({ max: 10_000, ttl: ttlMs, fetchMethod: async (id) => ({ card: await find(id) }) });
    this.answered = new LRUCache({ max: 50_000, ttl: ttlMs });
  }

  /**
   * Kept, unless this very request (URL and headers) was answered within the time: the CDN would
   * have answered that one from its copy had it kept one, so it comes because that copy is gone
   * (expired, or another location's), and it reads afresh: a switched-off inviter's page is gone on
   * the next such request.
   */
  async card(inviterId: string, asked: PageAsked): Promise<InviterCard | null> {
    const request = createHash('sha256')
      .update(JSON.stringify([asked.rawUrl, asked.userAgent ?? null, asked.acceptLanguage ?? null]))
      .digest('base64');
    const repeated = this.answered.has(request);
    this.answered.set(request, true);
    const kept = await this.cards.fetch(inviterId, { forceRefresh: repeated });
    return kept?.card ?? null;
  }
}
