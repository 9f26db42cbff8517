/**
 * The deploy's smoke check of the client address (docs/deploy-checks.md, "The client address"). After
 * a deploy it calls the probe function (`clientAddressProbe`) through every way in: Hosting's
 * `/api/clientAddressProbe` over https and over plain http, the function's cloudfunctions.net URL
 * and its own run.app URL. Each call says it comes from a forged address (X-Forwarded-For,
 * Fastly-Client-IP, Forwarded), and the probe answers the chain it got and the key the limits make
 * of it. The check records every chain and fails unless every way that answered keys the caller
 * alike, on no forged address: one machine calls them all, so one key is right. A way keyed on
 * another address means a layout the rule does not know (Hosting's edge outside
 * HOSTING_EDGE_RANGES, a proxy more or fewer than it counts), which the recorded chains show.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { CLIENT_ADDRESS_PROBE_PATH } from '@dayfocus/contracts/deploy-functions';
import type { FunctionName } from '@dayfocus/contracts/functions';
import type { ClientAddressProbeAnswer } from '@dayfocus/functions/platform/domain/client-address-probe';

/** An address of the documentation ranges (RFC 5737), which no caller has. */
export const FORGED_ADDRESS = '198.51.100.77';

export const PROBE: FunctionName = 'clientAddressProbe';

export interface Way {
  name: string;
  url: string;
  /** Plain http to Hosting: a redirect to https answers it too (nothing reaches the function). */
  mayRedirect?: boolean;
}

/** What one way gave: the probe's answer, a redirect, or why neither. */
export interface WaySeen {
  name: string;
  url: string;
  status?: number;
  answer?: ClientAddressProbeAnswer;
  location?: string;
  error?: string;
}

/** The ways into a deployed project's probe; the run.app URL is the function's own (gcloud, or --run-url). */
export function waysInto(project: string, hostingOrigin: string, runUrl: string | undefined): Way[] {
  const hosting = new URL(CLIENT_ADDRESS_PROBE_PATH, hostingOrigin);
  const plain = new URL(hosting);
  plain.protocol = 'http:';
  return [
    { name: 'hosting', url: hosting.href },
    { name: 'hosting over http', url: plain.href, mayRedirect: true },
    { name: 'cloudfunctions.net', url: `https://${FUNCTIONS_REGION}-${project}.cloudfunctions.net/${PROBE}` },
    ...(runUrl ? [{ name: 'run.app', url: runUrl }] : []),
  ];
}

const FORGED_HEADERS = {
  'x-forwarded-for': FORGED_ADDRESS,
  'fastly-client-ip': FORGED_ADDRESS,
  forwarded: `for=${FORGED_ADDRESS}`,
  'cache-control': 'no-cache',
};

/** One GET through a way, over IPv4 (every way then sees the same address of this machine), no redirect followed. */
export function callWay(way: Way, timeoutMs = 20_000): Promise<WaySeen> {
  const url = new URL(way.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const seen = { name: way.name, url: way.url };
    const call = request(url, { method: 'GET', family: 4, headers: FORGED_HEADERS, timeout: timeoutMs });
    call.on('timeout', () => call.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    call.on('error', (error) => resolve({ ...seen, error: error.message }));
    call.on('response', (response) =>
      bodyOf(response).then(
        (body) => resolve({ ...seen, ...answerOf(response, body) }),
        (error: Error) => resolve({ ...seen, error: error.message }),
      ),
    );
    call.end();
  });
}

function bodyOf(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}

/** The start of a body, on one line: an error page's HTML says what it is in its first words. */
const gist = (body: string) => body.replace(/\s+/g, ' ').trim().slice(0, 160);

function answerOf(response: IncomingMessage, body: string): Omit<WaySeen, 'name' | 'url'> {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return { status, location: response.headers.location ?? '' };
  if (status !== 200) return { status, error: `HTTP ${status}: ${gist(body)}` };
  try {
    const answer = JSON.parse(body) as ClientAddressProbeAnswer;
    if (typeof answer.client !== 'string') throw new Error('no client in it');
    return { status, answer };
  } catch (error) {
    return { status, error: `not the probe's answer (${(error as Error).message}): ${gist(body)}` };
  }
}

/** Why the ways' keys are not one sound client address, or nothing. */
export function problemsOf(ways: Way[], seen: WaySeen[]): string[] {
  const problems: string[] = [];
  const keyed: WaySeen[] = [];
  for (const one of seen) {
    const way = ways.find((candidate) => candidate.name === one.name);
    if (one.location !== undefined) {
      if (!(way?.mayRedirect && one.location.startsWith('https://')))
        problems.push(`${one.name}: redirected to ${one.location || 'nowhere'} instead of answering`);
    } else if (!one.answer) problems.push(`${one.name}: ${one.error ?? 'no answer'}`);
    else if (one.answer.client === FORGED_ADDRESS)
      problems.push(`${one.name}: keyed on the forged ${FORGED_ADDRESS}: the caller writes her own key`);
    else if (one.answer.client === 'unknown') problems.push(`${one.name}: keyed on nobody ('unknown')`);
    else keyed.push(one);
  }
  const keys = new Set(keyed.map((one) => one.answer?.client));
  if (keys.size > 1)
    problems.push(
      `the ways key this caller apart (${keyed.map((one) => `${one.name}: ${one.answer?.client}`).join(', ')}): ` +
        "a way keyed on an edge's or a proxy's address puts every visitor behind it under one key",
    );
  if (problems.length === 0 && keyed.length < 2)
    problems.push(`${keyed.length} way(s) answered: nothing to hold the keys against`);
  return problems;
}

/** One line per way: the chain it got and the key made of it. */
export function describe(one: WaySeen): string {
  if (one.answer) {
    const { forwardedFor, forwarded, socket, client } = one.answer;
    return (
      `${one.name} (${one.url}): X-Forwarded-For ${JSON.stringify(forwardedFor)}, ` +
      `Forwarded ${JSON.stringify(forwarded)}, socket ${socket ?? 'none'}: key ${client}`
    );
  }
  if (one.location !== undefined) return `${one.name} (${one.url}): HTTP ${one.status} to ${one.location}`;
  return `${one.name} (${one.url}): ${one.error ?? 'no answer'}`;
}
