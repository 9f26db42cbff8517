/**
 * The site as Firebase Hosting serves it, in front of the Hosting emulator: HTTP/2 over TLS, and
 * every text answer compressed. The emulator speaks HTTP/1.1 without compression, and on a slow
 * phone that is not the site a person gets.
 * - Over HTTP/1.1 a browser opens at most six connections to a host. On DevTools' Slow 3G each
 *   request holds its connection for 2 s, so the next page's request waits for a free one behind
 *   the page's own scripts: 1.6-2.0 s a navigation in the e-mail journey (docs/benchmarks.md).
 *   Hosting's HTTP/2 sends every request of a page on one connection at once.
 * - A page's 23 KB of HTML is 7 KB compressed: 0.3 s less of a 50 KB/s link.
 *
 * A benchmark's browser opens the front (`origin`) instead of the emulator; the front asks the
 * emulator for each request and answers with its status, headers and body, compressed when the
 * browser accepts gzip and the emulator did not compress it. Addresses the emulator answers with
 * (a redirect's `Location`) are turned to the front's. Its certificate is made for the run: the
 * browser context must ignore certificate errors (`ignoreHTTPSErrors`).
 */
import { request } from 'node:http';
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { urls } from '@dayfocus/stack';
import { generate } from 'selfsigned';

export interface HostingFront {
  /** `https://127.0.0.1:{port}`: the site, as the phone's browser opens it. */
  origin: string;
  /** `url` on the emulator's origin, on the front's instead (a link the site made, such as the e-mail's). */
  toFront(url: string): string;
  close(): Promise<void>;
}

/** Headers of one hop that HTTP/2 forbids or the front sets itself. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

function forward(emulator: URL, toFront: (url: string) => string, req: Http2ServerRequest, res: Http2ServerResponse) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || HOP_HEADERS.has(name) || value === undefined) continue;
    headers[name] = value;
  }
  headers.host = emulator.host;
  // The emulator answers uncompressed; the front compresses, as Hosting does.
  delete headers['accept-encoding'];
  const upstream = request(
    { host: emulator.hostname, port: emulator.port, method: req.method, path: req.url, headers },
    (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (HOP_HEADERS.has(name) || value === undefined) continue;
        out[name] = name === 'location' && typeof value === 'string' ? toFront(value) : value;
      }
      const type = String(answer.headers['content-type'] ?? '');
      const gzip =
        COMPRESSIBLE.test(type) &&
        !answer.headers['content-encoding'] &&
        /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (gzip) {
        delete out['content-length'];
        out['content-encoding'] = 'gzip';
      }
      res.writeHead(answer.statusCode ?? 502, out);
      (gzip ? answer.pipe(createGzip()) : answer).pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`The Hosting emulator did not answer: ${error.message}`);
  });
  req.pipe(upstream);
}

/** Starts the front on a free port of the loopback; `close` stops it. */
export async function startHostingFront(): Promise<HostingFront> {
  const emulator = new URL(urls.hosting);
  const pems = await generate([{ name: 'commonName', value: emulator.hostname }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: emulator.hostname }] }],
  });
  let origin = '';
  const toFront = (url: string) => (url.startsWith(emulator.origin) ? origin + url.slice(emulator.origin.length) : url);
  const server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, (req, res) =>
    forward(emulator, toFront, req, res),
  );
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, emulator.hostname, resolve));
  origin = `https://${emulator.hostname}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    toFront,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
