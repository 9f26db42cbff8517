/** What the flows read of a request, as the HTTP functions' wrapper hands it on. */
export interface HttpRequest {
  method: string;
  /** The path and query exactly as requested, before any decoding. */
  rawUrl: string;
  userAgent?: string;
  acceptLanguage?: string;
  /** The prefetch header the request carried, if any (previews.ts). */
  purpose?: string;
  /** The visitor's address as the platform vouches for it (clientAddressOf). */
  client?: string;
}

/**
 * The visitor's address, for per-client limits: the one the platform's own proxies vouch for,
 * `hops` addresses before the socket's peer in the chain the proxies leave (X-Forwarded-For's
 * addresses, then the socket's). Behind Hosting, Google's front end appends the address it took the
 * request from and then its own, and the socket is Cloud Run's proxy: the client is 2 hops back,
 * and whatever a client wrote in X-Forwarded-For sits before it. Never a header a client sets as a
 * whole: Fastly keeps a `Fastly-Client-IP` the client sent (Fastly's documentation), and Express's
 * `req.ip` under the platform's `trust proxy` is X-Forwarded-For's first address, the client's own
 * words. A chain shorter than the hops names nobody: 'unknown', one key for all such requests.
 */
export function clientAddressOf(
  header: (name: string) => string | undefined,
  socketAddress: string | undefined,
  hops: number,
): string {
  const forwarded = (header('x-forwarded-for') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress ?? ''];
  return chain[chain.length - 1 - hops] || 'unknown';
}
