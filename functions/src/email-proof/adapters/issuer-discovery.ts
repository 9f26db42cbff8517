/**
 * Finds an address's issuer as the protocol says: the TXT record of its domain (node's resolver,
 * pointed at other servers where settings name them: the local stack's issuer answers its own
 * domain's question), then the issuer's metadata and key set over HTTPS. The address, and so the
 * domain and the issuer, are a stranger's choice: every fetch is the platform's fetch of an
 * untrusted address (platform/adapters/untrusted-fetch.ts), following no redirect.
 */
import { Resolver } from 'node:dns/promises';
import { fetchUntrusted } from '../../platform/adapters/untrusted-fetch.js';
import { LOCAL_REACH, PUBLIC_REACH } from '../../platform/domain/untrusted-urls.js';
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
  const reach = local ? LOCAL_REACH : PUBLIC_REACH;
  const limits = { accept: 'application/json', timeoutMs, maxBytes: MAX_DOCUMENT_BYTES, maxRedirects: 0, reach };
  return JSON.parse((await fetchUntrusted(url, limits)).toString('utf8'));
}
