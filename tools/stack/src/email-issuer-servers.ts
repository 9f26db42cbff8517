/**
 * The local issuer served, so that a verifier finds it as it finds Gmail: a DNS server (UDP, on
 * loopback) that answers `_email-verification.{domain}` with `iss={issuer}` for the issuer's
 * domains and "no such name" for anything else, and an HTTP server with the issuer's metadata
 * (`/.well-known/email-verification`), its key set and its issuance endpoint. A verifier is
 * pointed at it by two settings (`discovery`): the DNS server to ask, and the origin that serves
 * the issuer's documents (plain HTTP on loopback, which only the local settings allow).
 */
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import { issuerSigner, type IssuerSigner, type Json } from './email-issuer.js';
import { issuanceAnswer } from './email-issuer-issuance.js';

/** The issuer's signing and the browser's binding, for the tests that use the served issuer. */
export {
  bindToken,
  ed25519Keys,
  issuerSigner,
  presentToken,
  signJwt,
  type IssuerSigner,
  type Presentation,
} from './email-issuer.js';

export interface LocalEmailIssuer {
  signer: IssuerSigner;
  /** The domains whose addresses it vouches for. */
  domains: string[];
  /** Where it serves its documents, and the DNS server that names it (`127.0.0.1:{port}`). */
  origin: string;
  dnsServer: string;
  /** A verifier's discovery settings that find this issuer. */
  discovery: { dnsServers: string[]; issuerOrigins: Record<string, string> };
  close(): Promise<void>;
}

export interface LocalIssuerOptions {
  issuer?: string;
  domains?: string[];
  /** The ports to listen on (any free one where absent). */
  httpPort?: number;
  dnsPort?: number;
}

export const ISSUANCE_PATH = '/email-verification/issuance';
export const JWKS_PATH = '/email-verification/jwks';
/**
 * Tests only: `POST {ms, forMs}` makes the issuer answer its metadata and keys `ms` late for the
 * next `forMs`, as an issuer an attacker runs may, to widen the window between a proof's check and
 * its use. No real issuer has it; the functions never call it.
 */
export const SLOW_PATH = '/testing/slow';

export async function startEmailIssuer(options: LocalIssuerOptions = {}): Promise<LocalEmailIssuer> {
  const signer = issuerSigner(options.issuer ?? 'issuer.dayfocus.test');
  const domains = (options.domains ?? ['mail.dayfocus.test']).map((domain) => domain.toLowerCase());
  const slow = { ms: 0, until: 0 };
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (request.method === 'POST' && path === SLOW_PATH) return setSlow(request, response, slow);
    const late = Date.now() < slow.until ? slow.ms : 0;
    if (late === 0) return answerHttp(request, response, signer, domains, origin);
    setTimeout(() => answerHttp(request, response, signer, domains, origin), late);
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const dns = await startDns(signer.issuer, domains, options.dnsPort ?? 0);
  const dnsServer = `127.0.0.1:${(dns.address() as AddressInfo).port}`;
  return {
    signer,
    domains,
    origin,
    dnsServer,
    discovery: { dnsServers: [dnsServer], issuerOrigins: { [signer.issuer]: origin } },
    close: () => Promise.all([closeHttp(http), closeDns(dns)]).then(() => undefined),
  };
}

function answerHttp(
  request: IncomingMessage,
  response: ServerResponse,
  signer: IssuerSigner,
  domains: string[],
  origin: string,
): void {
  const path = new URL(request.url ?? '/', origin).pathname;
  if (request.method === 'GET' && path === '/.well-known/email-verification') {
    const metadata = {
      issuance_endpoint: `${origin}${ISSUANCE_PATH}`,
      jwks_uri: `${origin}${JWKS_PATH}`,
      signing_alg_values_supported: ['EdDSA'],
    };
    return sendJson(response, 200, metadata);
  }
  if (request.method === 'GET' && path === JWKS_PATH) return sendJson(response, 200, signer.jwks());
  if (request.method === 'POST' && path === ISSUANCE_PATH) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, json } = issuanceAnswer(request.headers, Buffer.concat(chunks).toString('utf8'), signer, domains);
      sendJson(response, status, json);
    });
    return;
  }
  sendJson(response, 404, { error: 'not_found' });
}

function setSlow(request: IncomingMessage, response: ServerResponse, slow: { ms: number; until: number }): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const asked = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { ms?: unknown; forMs?: unknown };
    slow.ms = typeof asked.ms === 'number' ? asked.ms : 0;
    slow.until = Date.now() + (typeof asked.forMs === 'number' ? asked.forMs : 0);
    sendJson(response, 200, { ms: slow.ms });
  });
}

function sendJson(response: ServerResponse, status: number, json: Json): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(json));
}

/** The DNS server: one TXT record per domain, authoritative, "no such name" for the rest. */
async function startDns(issuer: string, domains: string[], port: number): Promise<Socket> {
  const records = new Map(domains.map((domain) => [`_email-verification.${domain}`, `iss=${issuer}`]));
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // not DNS: no answer
    }
    const [question] = query.questions ?? [];
    const name = question?.name.toLowerCase();
    const text = name === undefined ? undefined : records.get(name);
    const known = text !== undefined;
    const answers: dnsPacket.Answer[] =
      known && question?.type === 'TXT' ? [{ type: 'TXT', name: question.name, ttl: 60, data: [text] }] : [];
    const NXDOMAIN = 3;
    const flags = dnsPacket.AUTHORITATIVE_ANSWER | (known ? 0 : NXDOMAIN);
    const answer = dnsPacket.encode({ id: query.id, type: 'response', flags, questions: query.questions, answers });
    socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return socket;
}

const closeHttp = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const closeDns = (socket: Socket) => new Promise<void>((resolve) => socket.close(() => resolve()));
