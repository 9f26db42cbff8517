/**
 * The client address's smoke check (src/client-address.ts) against a local server that plays
 * Google's side of each way in: Hosting's edge (Fastly: the visitor's address appended, then a
 * shield's) before Cloud Run's front end (the address it took the request from appended, its own
 * proxy at the socket), or the front end alone, and the probe function behind them, the real one
 * (its answer and the rule it keys with). No Google server is reachable here; after a deploy the
 * same check runs against the project (docs/deploy-checks.md, "The client address").
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddressProbeAnswer } from '@dayfocus/functions/platform/domain/client-address-probe';
import { CLOUD_RUN_FORWARDING } from '@dayfocus/functions/platform/domain/hosting-edge';
import { clientAddressOf, type Forwarding } from '@dayfocus/functions/platform/domain/http-request';
import { callWay, FORGED_ADDRESS, problemsOf, waysInto, type Way } from '../src/client-address.js';

interface Layout {
  /** The addresses Hosting's edge appends after the visitor's (a shield's, then the one Cloud Run meets). */
  edge: string[];
  /** How the function keys: the deployment's rule, unless a test plays another. */
  forwarding: Forwarding;
}

const FASTLY: Layout = { edge: ['151.101.64.10', '151.101.128.20'], forwarding: CLOUD_RUN_FORWARDING };
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server answering `/hosting/…`, `/direct/…`, `/plain/…` (Hosting over http: a redirect) and `/other/…` (no probe). */
async function platform({ edge, forwarding }: Layout): Promise<string> {
  const server = createServer((req: IncomingMessage, res) => {
    const peer = req.socket.remoteAddress ?? '';
    if (req.url?.startsWith('/plain/')) {
      res.writeHead(301, { location: `https://hosting.example${req.url}` }).end();
      return;
    }
    if (req.url?.startsWith('/other/')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    // The client's own X-Forwarded-For first, then each proxy's address as it appends it.
    const viaEdge = req.url?.startsWith('/hosting/') ? [peer, ...edge] : [peer];
    const forwardedFor = [req.headers['x-forwarded-for'], ...viaEdge].filter(Boolean).join(', ');
    const frontEnd = viaEdge.at(-1) ?? '';
    const headers: Record<string, string> = {
      'x-forwarded-for': forwardedFor,
      forwarded: `for="${frontEnd}";proto=https`,
    };
    const socket = '169.254.8.129';
    const client = clientAddressOf((name) => headers[name], socket, forwarding);
    const answer = clientAddressProbeAnswer(
      { method: req.method ?? 'GET', rawUrl: req.url ?? '/', client },
      { forwardedFor, forwarded: headers.forwarded, socket },
    );
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const waysOf = (origin: string): Way[] => [
  { name: 'hosting', url: `${origin}/hosting/api/clientAddressProbe` },
  { name: 'hosting over http', url: `${origin}/plain/api/clientAddressProbe`, mayRedirect: true },
  { name: 'run.app', url: `${origin}/direct/` },
];

async function smoke(layout: Layout) {
  const ways = waysOf(await platform(layout));
  const seen = await Promise.all(ways.map((way) => callWay(way, 5_000)));
  return { seen, problems: problemsOf(ways, seen) };
}

describe("the client address's smoke check", () => {
  it("calls a deployed probe through Hosting over https and http, the function's cloudfunctions.net URL and its run.app one", () => {
    const runUrl = 'https://clientaddressprobe-abc123-el.a.run.app';
    expect(waysInto('dayfocus-prod', 'https://dayfocus.app', runUrl)).toEqual([
      { name: 'hosting', url: 'https://dayfocus.app/api/clientAddressProbe' },
      { name: 'hosting over http', url: 'http://dayfocus.app/api/clientAddressProbe', mayRedirect: true },
      { name: 'cloudfunctions.net', url: 'https://asia-south1-dayfocus-prod.cloudfunctions.net/clientAddressProbe' },
      { name: 'run.app', url: runUrl },
    ]);
  });

  it("passes the deployment's rule: one key through Hosting and straight, the forged address in the chain only", async () => {
    const { seen, problems } = await smoke(FASTLY);
    expect(problems).toEqual([]);
    const hosting = seen.find((one) => one.name === 'hosting');
    expect(hosting?.answer).toEqual({
      forwardedFor: `${FORGED_ADDRESS}, 127.0.0.1, 151.101.64.10, 151.101.128.20`,
      forwarded: 'for="151.101.128.20";proto=https',
      socket: '169.254.8.129',
      client: '127.0.0.1',
    });
    expect(seen.find((one) => one.name === 'run.app')?.answer?.client).toBe('127.0.0.1');
    expect(seen.find((one) => one.name === 'hosting over http')?.location).toMatch(/^https:\/\//);
  });

  it('fails a rule that reads a hop the caller writes: the old count of two on the direct way', async () => {
    const { problems } = await smoke({ ...FASTLY, forwarding: { platformHops: 2, edges: [] } });
    expect(problems).toContain(`run.app: keyed on the forged ${FORGED_ADDRESS}: the caller writes her own key`);
  });

  it('fails an edge outside the ranges the rule knows: every visitor behind it would share its key', async () => {
    const { problems } = await smoke({ ...FASTLY, edge: ['34.120.0.9', '34.120.0.10'] });
    expect(problems).toEqual([
      expect.stringMatching(/^the ways key this caller apart \(hosting: 34\.120\.0\.10, run\.app: 127\.0\.0\.1\)/),
    ]);
  });

  it('fails a way that answers with something else than the probe, or not at all', async () => {
    const origin = await platform(FASTLY);
    const ways: Way[] = [
      { name: 'hosting', url: `${origin}/other/` },
      { name: 'run.app', url: `${origin}/plain/` },
      { name: 'cloudfunctions.net', url: 'http://127.0.0.1:9/' },
    ];
    const problems = problemsOf(ways, await Promise.all(ways.map((way) => callWay(way, 5_000))));
    expect(problems).toEqual([
      'hosting: HTTP 404: Not found',
      'run.app: redirected to https://hosting.example/plain/ instead of answering',
      expect.stringMatching(/^cloudfunctions\.net: connect ECONNREFUSED/),
    ]);
  });
});
