/**
 * Counting short-link opens: the pure rules of the sharded counter, and the flow's promise
 * that a visitor's answer never waits on the count (run in-process with a fake link store).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userAgents } from '@dayfocus/stack/user-agents';
import {
  noOpens,
  OPEN_SHARD_COUNT,
  pickOpenShard,
  sumOpenShards,
  type OpenShard,
} from '../../src/short-links/domain/open-count.js';
import type { HttpAnswer } from '../../src/platform/domain/http-answer.js';
import type { AppLinkLinks } from '../../src/short-links/flows/ports.js';
import { memoryLogger } from '../memory-logger.js';
import { fakeLinkCode, visitFlow } from '../short-links.js';

describe('choosing a shard', () => {
  it('maps the whole range of the random source onto 0..N-1', () => {
    expect(pickOpenShard(() => 0)).toBe(0);
    expect(pickOpenShard(() => 0.5)).toBe(OPEN_SHARD_COUNT / 2);
    expect(pickOpenShard(() => 0.999_999_9)).toBe(OPEN_SHARD_COUNT - 1);
    expect(pickOpenShard(() => 0.26, 4)).toBe(1);
  });

  it('stays within range even for a random source out of [0, 1)', () => {
    for (const value of [1, 7, -0.1, -3, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const shard = pickOpenShard(() => value);
      expect(Number.isInteger(shard)).toBe(true);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(OPEN_SHARD_COUNT);
    }
  });

  it('uses every one of the N shards about equally with Math.random', () => {
    const hits = Array.from({ length: OPEN_SHARD_COUNT }, () => 0);
    for (let i = 0; i < 1000 * OPEN_SHARD_COUNT; i++) {
      const shard = pickOpenShard(Math.random);
      expect(Number.isInteger(shard) && shard >= 0 && shard < OPEN_SHARD_COUNT).toBe(true);
      hits[shard] = (hits[shard] ?? 0) + 1;
    }
    // 1000 per shard on average; a skewed choice would leave one far off.
    for (const count of hits) expect(count).toBeGreaterThan(800);
  });
});

describe('summing the shards', () => {
  it('adds the opens and the opens by platform of every shard', () => {
    expect(
      sumOpenShards([
        { opens: 3, opensBy: { web: 2, ios: 1 }, lastOpenedAt: '2026-11-23T10:00:00.000Z' },
        { opens: 5, opensBy: { android: 4, crawler: 1 }, lastOpenedAt: '2026-11-23T10:00:02.000Z' },
        { opens: 1, opensBy: { web: 1 }, lastOpenedAt: '2026-11-23T10:00:01.000Z' },
      ]),
    ).toEqual({
      opens: 9,
      opensBy: { ios: 1, android: 4, web: 3, crawler: 1 },
      lastOpenedAt: '2026-11-23T10:00:02.000Z',
    });
  });

  it('gives zeros for a link never opened (no shard yet)', () => {
    expect(sumOpenShards([])).toEqual(noOpens());
    expect(sumOpenShards([undefined, {}])).toEqual({
      opens: 0,
      opensBy: { ios: 0, android: 0, web: 0, crawler: 0 },
    });
  });

  it('ignores fields that are not counts', () => {
    const odd = { opens: 'many', opensBy: { web: null, ios: Number.NaN } } as unknown as OpenShard;
    expect(sumOpenShards([odd, { opens: 2, opensBy: { ios: 2 } }])).toEqual({
      opens: 2,
      opensBy: { ios: 2, android: 0, web: 0, crawler: 0 },
    });
  });
});

describe('answering a visit while the open is counted', () => {
  const code = fakeLinkCode;
  const now = new Date('2026-11-23T12:00:00.000Z');

  function flowWith(countOpen: AppLinkLinks['countOpen']) {
    const counted = vi.fn(countOpen);
    const logger = memoryLogger();
    const flow = visitFlow({ countOpen: counted, now, randomBytes: (size) => randomBytes(size), logger });
    return { flow, countOpen: counted, logger };
  }

  /**
   * The answer, or a failure when it took longer than `ms`: it must not wait on the count. The counts
   * below finish only when the test says so, so a flow that waited would never answer: the bound is
   * wide, for a machine busy with other suites.
   */
  function promptly(answer: Promise<HttpAnswer>, ms = 10_000): Promise<HttpAnswer> {
    return Promise.race([
      answer,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the answer took more than ${ms} ms: it waited on the count`)), ms),
      ),
    ]);
  }

  const SETTLED = Symbol('settled');
  const PENDING = Symbol('pending');
  async function stateOf(promise: Promise<unknown> | undefined) {
    // After a macrotask, a settled promise has run its reactions.
    const settled = promise?.then(
      () => SETTLED,
      () => SETTLED,
    );
    return Promise.race([settled, new Promise((resolve) => setTimeout(() => resolve(PENDING), 20))]);
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers at once while the count never finishes, and hands the started write over as pending', async () => {
    const { flow, countOpen } = flowWith(() => new Promise<void>(() => {}));
    const answer = await promptly(
      flow.openAppLink({ method: 'GET', rawUrl: `/l/${code}`, userAgent: userAgents.web['Chrome on Windows'] }),
    );
    expect(answer.status).toBe(200);
    // The desktop's page: drawn for no phone.
    const drawn = JSON.parse(String(answer.body)) as { content: { kind: string; phone?: string } };
    expect(drawn.content.kind).toBe('invite');
    expect(drawn.content.phone).toBeUndefined();
    // Started before the answer was handed back, so it is issued while the request holds the CPU.
    expect(countOpen).toHaveBeenCalledExactlyOnceWith(code, 'web', 'direct', now.toISOString());
    expect(answer.pending).toBeInstanceOf(Promise);
    expect(await stateOf(answer.pending)).toBe(PENDING);
  });

  it('does not wait on a slow count either, and its pending write settles when the count does', async () => {
    let finish: () => void = () => {};
    const { flow } = flowWith(() => new Promise<void>((resolve) => (finish = resolve)));
    const answer = await promptly(
      flow.openAppLink({ method: 'GET', rawUrl: `/l/${code}`, userAgent: userAgents.ios['Safari on iPhone (iOS 17)'] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('dayfocus://open');
    expect(await stateOf(answer.pending)).toBe(PENDING);
    finish();
    await expect(answer.pending).resolves.toBeUndefined();
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('RESOURCE_EXHAUSTED: too much contention'))],
    [
      'throws at once',
      () => {
        throw new Error('RESOURCE_EXHAUSTED: too much contention');
      },
    ],
  ])('logs a count that %s and still gives the visitor the link; pending never rejects', async (_case, fails) => {
    const { flow, logger } = flowWith(fails as AppLinkLinks['countOpen']);
    const answer = await promptly(
      flow.openAppLink({ method: 'GET', rawUrl: `/l/${code}`, userAgent: userAgents.android['Chrome on Android'] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('play.google.com');
    await expect(answer.pending).resolves.toBeUndefined();
    expect(logger.entries).toContainEqual({
      level: 'warn',
      message: 'Counting a short-link open failed',
      fields: { code, error: 'RESOURCE_EXHAUSTED: too much contention' },
    });
  });

  it.each([
    ['a HEAD request', { method: 'HEAD', rawUrl: `/l/${code}` }, 200],
    ['a prefetch', { method: 'GET', rawUrl: `/l/${code}`, purpose: 'prefetch' }, 200],
    ['a prerender', { method: 'GET', rawUrl: `/l/${code}`, purpose: 'prefetch;prerender' }, 200],
    ["WhatsApp's crawler", { method: 'GET', rawUrl: `/l/${code}`, userAgent: userAgents.crawler.WhatsApp }, 200],
    ["a reload by the page's own language switch", { method: 'GET', rawUrl: `/l/${code}?lg=hi` }, 200],
    ['an unknown code', { method: 'GET', rawUrl: '/l/ZZZZZZZZZZ' }, 404],
    ['a malformed path', { method: 'GET', rawUrl: '/l/../x' }, 404],
    ['a POST', { method: 'POST', rawUrl: `/l/${code}` }, 405],
  ])('counts nothing for %s, and leaves nothing pending', async (_case, visit, status) => {
    const { flow, countOpen } = flowWith(async () => {});
    const answer = await promptly(flow.openAppLink(visit));
    expect(answer.status).toBe(status);
    expect(answer.pending).toBeUndefined();
    expect(countOpen).not.toHaveBeenCalled();
  });
});
