/**
 * An inviter's picture as bytes for her card: fetched from the address her pages show, within a
 * time and a size, or nothing (the card then shows her initials, as her page does when the
 * picture does not load). Her address and every redirect from it must be a picture source
 * (domain/picture-sources.ts), and each connection's address is checked as it is made, so that a
 * host's name cannot lead to our own network either.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Logger } from '../../platform/flows/ports.js';
import { isPictureSource, isPublicAddress, type PictureSourceRules } from '../domain/picture-sources.js';

/** A crawler waits for the card's first answer: a picture that is slower is drawn as initials. */
const FETCH_TIMEOUT_MS = 2_500;
/** A profile picture larger than this is no profile picture; the reading stops there. */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
/** Storage and Google's picture host answer at once; a chain of redirects is no picture's. */
const MAX_REDIRECTS = 3;

export async function pictureBytes(
  photoUrl: string,
  rules: PictureSourceRules,
  logger: Logger,
): Promise<Uint8Array | undefined> {
  try {
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    let url = new URL(photoUrl);
    for (let redirects = 0; ; redirects++) {
      if (!isPictureSource(url, rules)) throw new Error(`${url.origin} is no host a picture comes from`);
      const response = await get(url, signal, rules.privateAddresses ? undefined : publicOnly);
      const location = response.headers.location;
      if (isRedirect(response.statusCode) && location !== undefined && redirects < MAX_REDIRECTS) {
        response.destroy();
        url = new URL(location, url);
        continue;
      }
      return await body(response);
    }
  } catch (error) {
    logger.warn("An inviter's picture could not be fetched for her card; it shows her initials", {
      photoUrl,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

const isRedirect = (status: number | undefined) => status !== undefined && [301, 302, 303, 307, 308].includes(status);

/**
 * The response's head. Redirects are the caller's: each target is checked before it is asked. A
 * connection of its own (`agent: false`): a kept-alive socket would skip the address's check.
 */
function get(url: URL, signal: AbortSignal, lookup: LookupFunction | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    request(url, { signal, agent: false, headers: { accept: 'image/*' }, ...(lookup ? { lookup } : {}) }, resolve)
      .on('error', reject)
      .end();
  });
}

/** A picture's bytes, read until the cap and no further, whatever its Content-Length says or does not. */
async function body(response: IncomingMessage): Promise<Uint8Array> {
  const { statusCode = 0 } = response;
  const declared = Number(response.headers['content-length'] ?? 0);
  if (statusCode < 200 || statusCode >= 300 || declared > MAX_PICTURE_BYTES) {
    response.destroy();
    throw new Error(`status ${statusCode}, ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the response: the host is read no further.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PICTURE_BYTES) throw new Error(`more than ${MAX_PICTURE_BYTES} bytes`);
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
