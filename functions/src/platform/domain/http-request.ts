import ipaddr from 'ipaddr.js';

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
  /** The Cookie header (through Hosting, only its `__session` cookie reaches a function). */
  cookie?: string;
  /** Who made the request, as the browser says: `Sec-Fetch-Site`, and the `Origin` of a POST. */
  fetchSite?: string;
  origin?: string;
  /** A posted form's fields (application/x-www-form-urlencoded), each field's first value. */
  form?: Record<string, string>;
}

/**
 * How a request reaches the functions: what decides whose address is the visitor's (clientAddressOf).
 * A deployment's is platform/domain/hosting-edge.ts' CLOUD_RUN_FORWARDING; the local stack's has no
 * proxy and no edge.
 */
export interface Forwarding {
  /** Addresses at the chain's end that the platform's own proxies put there, the socket's peer counted. */
  platformHops: number;
  /** Ranges (CIDR) of the edges a request may cross before the platform: Hosting's CDN. */
  edges: readonly string[];
}

/**
 * The visitor's address, for per-client limits: in the chain the proxies leave (X-Forwarded-For's
 * addresses, then the socket's), the first address before the platform's own hops that is not an
 * edge's. Straight to a function's URL that is the address the platform took the request from;
 * through Hosting, the one Hosting's edge took it from. Whatever a client wrote sits before those,
 * and is never read: a request whose platform-written address is no edge's is no edge's, whatever
 * addresses it carries (docs/deploy-checks.md, "The client address"). Never a header a client sets as a
 * whole: Fastly keeps a `Fastly-Client-IP` the client sent (Fastly's documentation), and Express's
 * `req.ip` under the platform's `trust proxy` is X-Forwarded-For's first address, the client's own
 * words. An address is keyed as one form (IPv4 mapped into IPv6 as IPv4). A chain that names nobody
 * (shorter than the hops, or edges to its start) is 'unknown', one key for all such requests.
 */
export function clientAddressOf(
  header: (name: string) => string | undefined,
  socketAddress: string | undefined,
  forwarding: Forwarding,
): string {
  const forwarded = (header('x-forwarded-for') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress ?? ''];
  const edges = rangesOf(forwarding.edges);
  for (let hop = chain.length - 1 - forwarding.platformHops; hop >= 0; hop--) {
    const address = chain[hop] ?? '';
    const parsed = ipaddr.isValid(address) ? ipaddr.process(address) : undefined;
    if (parsed && edges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits))) continue;
    return parsed?.toString() ?? (address || 'unknown');
  }
  return 'unknown';
}

const parsedRanges = new WeakMap<readonly string[], [ipaddr.IPv4 | ipaddr.IPv6, number][]>();

function rangesOf(ranges: readonly string[]): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  let parsed = parsedRanges.get(ranges);
  if (!parsed) parsedRanges.set(ranges, (parsed = ranges.map((range) => ipaddr.parseCIDR(range))));
  return parsed;
}
