/**
 * The key of per-client limits on the running stack, read back from the client-address probe
 * (`clientAddressProbe`, the deploy's smoke check's): a caller that forges every header a proxy
 * writes keeps one key, through Hosting's `/api/clientAddressProbe` and straight to the function.
 * The local stack has no proxy of Google's and no edge (local/environment.ts), and the Functions
 * emulator hands a function's runtime no peer address: every caller is 'unknown', one key. The
 * deployed layouts are played in test/unit/client-address.test.ts and
 * tools/deploy/test/client-address.test.ts, and checked after a deploy by `npm run deploy:smoke`.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_PROBE_PATH } from '@dayfocus/contracts/deploy-functions';
import { stack } from '@dayfocus/stack/testing';
import type { ClientAddressProbeAnswer } from '../../src/platform/domain/client-address-probe.js';
import { fetchRaw } from './support.js';

const forged = (address: string) => ({
  'x-forwarded-for': `${address}, 151.101.64.10`,
  'fastly-client-ip': address,
  forwarded: `for=${address}`,
});

/** The function's own address on the Functions emulator. */
const DIRECT = `/${stack.projectId}/${stack.region}/clientAddressProbe`;

async function probe(way: 'hosting' | 'function', headers: Record<string, string>) {
  const answer = await (way === 'hosting'
    ? fetchRaw(CLIENT_ADDRESS_PROBE_PATH, { headers })
    : fetchRaw(DIRECT, { port: stack.ports.functions, headers }));
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return JSON.parse(answer.body) as ClientAddressProbeAnswer;
}

describe('the client address on the local stack', () => {
  it('is one key through Hosting and straight, whatever addresses the caller forges', async () => {
    const answers = [
      await probe('hosting', forged('198.51.100.1')),
      await probe('hosting', forged('198.51.100.2')),
      await probe('function', forged('198.51.100.3')),
      await probe('function', {}),
    ];
    expect(answers.map((answer) => answer.client)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    // The forged chain reached the function: it was there to read, and was not read.
    expect(answers[0]?.forwardedFor).toContain('198.51.100.1');
    expect(answers[2]?.forwardedFor).toContain('198.51.100.3');
  });

  it('answers GET alone, both ways', async () => {
    const answers = [
      await fetchRaw(CLIENT_ADDRESS_PROBE_PATH, { method: 'POST' }),
      await fetchRaw(DIRECT, {
        method: 'POST',
        port: stack.ports.functions,
      }),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.allow])).toEqual([
      [405, 'GET, HEAD'],
      [405, 'GET, HEAD'],
    ]);
  });
});
