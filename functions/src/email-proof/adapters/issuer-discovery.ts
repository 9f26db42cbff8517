/**
 * Finds an address's issuer as the protocol says: the TXT record of its domain (node's resolver,
 * pointed at other servers where settings name them: the local stack's issuer answers its own
 * domain's question), then the issuer's metadata and key set over HTTPS. The address, and so the
 * domain and the issuer, are a stranger's choice: every fetch goes to a public address only
 * (checked as each connection is made, so a name cannot lead into our own network), follows no
 * redirect, and stops at a time and a size.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../../invite-cards/domain/picture-sources.js';
import { METADATA_PATH } from '../domain/issuers.js';
import type { IssuerDirectory } from '../flows/ports.js';

export interface DiscoverySettings {
  /** The DNS servers to ask (`127.0.0.1:5354`); the machine's own where absent. */
  dnsServers?: string[];
  /**
   * Issuers served at another origin than `https://{issuer}`, by their identifier: the local
   * stack's issuer (`http://127.0.0.1:…`), whose addresses are no public ones. Never in a deploy.
   */
  issuerOrigins?: Record<string, string>;
  timeoutMs?: number;
}

/** An issuer's metadata or keys are a few kilobytes; a document larger than this is no issuer's. */
const MAX_DOCUMENT_BYTES = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 3_000;

export function issuerDirectory(settings: DiscoverySettings = {}): IssuerDirectory {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (settings.dnsServers) resolver.setServers(settings.dnsServers);
  const local = new Set(Object.values(settings.issuerOrigins ?? {}).map((origin) => new URL(origin).origin));
  const read = (url: URL) => fetchJson(url, timeoutMs, local.has(url.origin));
  return {
    async txtRecords(name) {
      try {
        return await resolver.resolveTxt(name);
      } catch (error) {
        const code = (error as { code?: string }).code;
        // The name or its TXT record does not exist: an answer, not a failure.
        if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
        throw error;
      }
    },
    issuerMetadata: (issuer) => read(new URL(METADATA_PATH, settings.issuerOrigins?.[issuer] ?? `https://${issuer}`)),
    issuerKeys: (jwksUri) => read(new URL(jwksUri)),
  };
}

/** A JSON document: HTTPS to a public address, or one of the settings' local origins. */
async function fetchJson(url: URL, timeoutMs: number, local: boolean): Promise<unknown> {
  if (url.username !== '' || url.password !== '') throw new Error('a URL with credentials');
  if (!local && url.protocol !== 'https:') throw new Error(`${url.origin} is not HTTPS`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!local && isIpLiteral(host)) throw new Error(`${url.origin} names an address, not a host`);
  const response = await get(url, AbortSignal.timeout(timeoutMs), local ? undefined : publicOnly);
  return JSON.parse(await body(response, url));
}

const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

/** The response's head; a connection of its own, so that no kept-alive socket skips the check. */
function get(url: URL, signal: AbortSignal, lookup: LookupFunction | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { accept: 'application/json' };
    request(url, { signal, agent: false, headers, ...(lookup ? { lookup } : {}) }, resolve)
      .on('error', reject)
      .end();
  });
}

/** The body as text, read until the cap and no further; a redirect or an error status is no document. */
async function body(response: IncomingMessage, url: URL): Promise<string> {
  const { statusCode = 0 } = response;
  if (statusCode !== 200) {
    response.destroy();
    throw new Error(`${url.origin} answered ${statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_DOCUMENT_BYTES) throw new Error(`${url.origin} sent more than ${MAX_DOCUMENT_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Node's lookup, refusing any address that is not on the internet at large. */
const publicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused || addresses.length === 0) {
      return callback(new Error(`${hostname} leads to an address that is not public`), '', 4);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};
