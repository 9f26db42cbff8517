/**
 * A client for a service that speaks the Dynamic Links REST API
 * (`POST {apiUrl}?key={apiKey}` with a dynamicLinkInfo body, answering `{shortLink}`).
 */

import { LinkProviderError, type ShortLinkProviderClient } from '../flows/ports.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export class DynamicLinksClient implements ShortLinkProviderClient {
  constructor(private readonly options: { apiUrl: string; apiKey: string; timeoutMs?: number; fetch?: FetchLike }) {}

  async createShortLink(body: unknown): Promise<string> {
    if (!this.options.apiKey)
      throw new LinkProviderError('No API key: the secret LINK_PROVIDER_API_KEY is not set or not bound');
    const url = new URL(this.options.apiUrl);
    url.searchParams.set('key', this.options.apiKey);
    const fetchImpl = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await fetchImpl(url.href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new LinkProviderError(
        `The link provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw new LinkProviderError(
        `The link provider answered ${response.status}: ${text.slice(0, 300)}`,
        response.status,
      );
    let shortLink: unknown;
    try {
      shortLink = (JSON.parse(text) as { shortLink?: unknown }).shortLink;
    } catch {
      throw new LinkProviderError('The link provider answered something that is not JSON', response.status);
    }
    if (typeof shortLink !== 'string' || !/^https?:\/\/[^\s]+$/.test(shortLink)) {
      throw new LinkProviderError('The link provider answered without a usable shortLink', response.status);
    }
    return shortLink;
  }
}
