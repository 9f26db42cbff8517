/**
 * A GET of an address a stranger chose (domain/untrusted-urls.ts says which may be asked): every
 * address it asks, the first and each redirect's, is checked before it is asked, and each
 * connection's addresses as the socket looks them up, so that a name cannot lead into our own
 * network; the whole of it, redirects and body, within one time and one size.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, refusalOf, type Reach } from '../domain/untrusted-urls.js';

/** A slice's own bounds on one fetch. */
export interface UntrustedFetchLimits {
  /** The `accept` header: what the caller can use (`image/*`, `application/json`). */
  accept: string;
  /** For the whole fetch: every redirect and the body too. */
  timeoutMs: number;
  /** The body's size, counted as it arrives, whatever its Content-Length says or does not. */
  maxBytes: number;
  /** Redirects followed; 0: a redirect is an answer like any other that is not a 200. */
  maxRedirects: number;
  reach: Reach;
  /** The caller's own rule for each address asked, beyond the reach's (its hosts, say). */
  mayAsk?: (url: URL) => string | undefined;
}

/** The body of a 200 answer; any refusal, failure or overrun is an error. */
export async function fetchUntrusted(address: URL, limits: UntrustedFetchLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const lookup = limits.reach.privateAddresses ? undefined : publicOnly;
  let url = address;
  for (let redirects = 0; ; redirects++) {
    const refusal = refusalOf(url, limits.reach) ?? limits.mayAsk?.(url);
    if (refusal !== undefined) throw new Error(refusal);
    const response = await get(url, { signal, accept: limits.accept, lookup });
    const location = response.headers.location;
    if (isRedirect(response.statusCode) && location !== undefined && redirects < limits.maxRedirects) {
      response.destroy();
      url = new URL(location, url);
      continue;
    }
    return await body(response, url, limits.maxBytes);
  }
}

const isRedirect = (status: number | undefined) => status !== undefined && [301, 302, 303, 307, 308].includes(status);

/**
 * The response's head. A connection of its own (`agent: false`): a kept-alive socket would skip
 * the address's check.
 */
function get(
  url: URL,
  { signal, accept, lookup }: { signal: AbortSignal; accept: string; lookup: LookupFunction | undefined },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    request(url, { signal, agent: false, headers: { accept }, ...(lookup ? { lookup } : {}) }, resolve)
      .on('error', reject)
      .end();
  });
}

/** The body, read until the cap and no further; one that says it is larger is not read at all. */
async function body(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const { statusCode = 0 } = response;
  const declared = Number(response.headers['content-length'] ?? 0);
  if (statusCode !== 200) {
    response.destroy();
    throw new Error(`${url.origin} answered ${statusCode}`);
  }
  if (declared > maxBytes) {
    response.destroy();
    throw new Error(`${url.origin} says it sends ${declared} bytes, more than ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the response: the host is read no further.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`${url.origin} sent more than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * DNS as usual, but a name that leads to an address of our own (loopback, a private network, the
 * metadata server) connects nowhere: checked on the addresses the socket will use, so a name that
 * resolves afresh between a check and the connection gains nothing.
 */
const publicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    const refused = error ? undefined : addresses.find(({ address }) => !isPublicAddress(address));
    const failure = error ?? (refused ? new Error(`${hostname} is at ${refused.address}, no public address`) : null);
    const [first] = addresses ?? [];
    if (failure || !first) return callback(failure ?? new Error(`${hostname} has no address`), '', 0);
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    callback(null, first.address, first.family);
  });
};
