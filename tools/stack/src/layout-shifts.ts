/**
 * What a page draws while its HTML arrives, for the browser tests and the first-paint sweep
 * (tools/bench/first-paint-cuts.ts): the layout shifts a page has had from its first byte, each
 * naming what moved, and a server that sends a page's HTML in two parts, as a phone's parser
 * pauses on a slow network or a busy processor.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';

/** A page's layout shifts so far: their sum, and each element that moved with its boxes. */
export interface LayoutShifts {
  total: number;
  /** `0.00079 at 412 ms: footer.site-footer 0,504 390x32 -> 0,498 390x32`, one line an element. */
  moved: string[];
}

/**
 * The watcher as plain JavaScript text: a function of a module run by tsx (the sweep) carries its
 * naming helper into the page, where it is not defined and throws, and nothing is watched.
 */
const WATCH_LAYOUT_SHIFTS = `
  (() => {
    const seen = { total: 0, moved: [] };
    window.__layoutShifts = seen;
    const nameOf = (node) => node instanceof Element
      ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + [...node.classList].map((name) => '.' + name).join('')
      : (node ? node.nodeName : 'a removed node');
    const at = (value) => String(Math.round(value * 10) / 10);
    const box = (r) => at(r.x) + ',' + at(r.y) + ' ' + at(r.width) + 'x' + at(r.height);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        seen.total += entry.value;
        for (const source of entry.sources || [])
          seen.moved.push(entry.value.toFixed(5) + ' at ' + Math.round(entry.startTime) + ' ms: ' + nameOf(source.node) +
            ' ' + box(source.previousRect) + ' -> ' + box(source.currentRect));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  })();
`;

/** Watches every document `target` opens from its first byte (input-driven shifts included). */
export async function watchLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript({ content: WATCH_LAYOUT_SHIFTS });
}

/** The shifts of the page's current document since it began (watchLayoutShifts first). */
export async function layoutShifts(page: Page): Promise<LayoutShifts> {
  const seen = await page.evaluate<LayoutShifts | undefined>('window.__layoutShifts');
  if (!seen) throw new Error('The page is not watched for layout shifts: call watchLayoutShifts before it opens.');
  return seen;
}

/**
 * Serves `html` at `path` from a server of its own, in two parts: up to the cut at once, the rest
 * when `sendRest` is called (a phone whose HTML stops there a while). Scripts are refused (the
 * server's page alone, before the app takes it over); any other request is handed on to
 * `passOnTo` (an origin, as it came, with its user agent) or refused.
 */
export async function servedInTwoParts(path: string, html: string, options: { cut?: number; passOnTo?: string } = {}) {
  let cut = options.cut ?? 0;
  let sendRest: () => void = () => undefined;
  const passOn = async (origin: string, request: IncomingMessage, response: ServerResponse) => {
    const upstream = await fetch(`${origin}${request.url ?? '/'}`, {
      headers: { 'user-agent': request.headers['user-agent'] ?? '' },
    });
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  };
  const server = createServer((request, response) => {
    if (request.url === path) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(html.slice(0, cut));
      const rest = html.slice(cut);
      void new Promise<void>((resolve) => (sendRest = resolve)).then(() => response.end(rest));
    } else if (options.passOnTo && !/\.m?js(\?|$)/.test(request.url ?? '')) {
      passOn(options.passOnTo, request, response).catch(() => response.writeHead(502).end());
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    /** Where the next request of the page is cut. */
    cutAt: (at: number) => void (cut = at),
    /** Sends the rest of the page's latest request. */
    sendRest: () => sendRest(),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
