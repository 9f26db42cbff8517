/**
 * The stack's readiness polls (src/readiness.ts). The Hosting emulator's `/` is the front door, a
 * function: it answers only once the Functions emulator has started a worker, which loads the
 * codebase, seconds on a busy machine. A poll that gave up on its request after 2 s and sent another
 * left the first one running in the emulator: on CI, with the start slow enough, nine of them waited
 * for the one starting worker, one more than a worker takes at once, and the ninth started a second
 * worker (`npm run dev`'s lifecycle test counts them). A service that has taken the connection is
 * asked once and its answer awaited, up to an attempt's bound (30 s: the stack's 120 s deadline
 * then sends four at most); one that refuses it is asked again soon.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { httpAnswers, waitFor } from '../src/readiness.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A server that answers each request `answerAfterMs` after it came, and counts the requests: one
 * the client gave up on is answered all the same, as the emulators go on with a request whose
 * client has left, so every request counted is work the service does.
 */
async function slowServer(answerAfterMs: number, port = 0) {
  const seen = { requests: 0 };
  const server = createServer((_request, response) => {
    seen.requests += 1;
    setTimeout(() => response.end('ready'), answerAfterMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const notAborted = { isAborted: () => null };

describe('waitFor(httpAnswers)', () => {
  it('asks a service that took the connection once, and waits for its answer', async () => {
    const { seen, url } = await slowServer(3_000);
    await waitFor('A slow service', (signal) => httpAnswers(url, signal), 30_000, notAborted);
    expect(seen.requests).toBe(1);
  });

  it('asks again soon while nothing listens, and is ready once something answers', async () => {
    const { url } = await slowServer(0);
    const port = Number(new URL(url).port);
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const started = Date.now();
    const ready = waitFor('A service still starting', (signal) => httpAnswers(url, signal), 30_000, notAborted);
    await sleep(1_000);
    const later = await slowServer(0, port);
    await ready;
    // Refused connections were tried again every 250 ms: ready soon after the server came, long
    // before the 30 s deadline.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(later.seen.requests).toBe(1);
  });

  it('asks again when a request went unanswered for an attempt, and is ready at the answer to the next', async () => {
    // A service that loses its first request (never answers it) and answers the next at once.
    const seen = { requests: 0 };
    const server = createServer((_request, response) => {
      seen.requests += 1;
      if (seen.requests > 1) response.end('ready');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const started = Date.now();
    await waitFor('A service that lost a request', (signal) => httpAnswers(url, signal), 30_000, {
      ...notAborted,
      attemptMs: 2_000,
    });
    expect(seen.requests).toBe(2);
    // The second request went after the first attempt's 2 s, not at the 30 s deadline.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('fails at its deadline when a service never answers, having asked it once', async () => {
    const { seen, url } = await slowServer(60_000);
    const started = Date.now();
    await expect(waitFor('A stuck service', (signal) => httpAnswers(url, signal), 3_000, notAborted)).rejects.toThrow(
      'A stuck service was not ready within 3 s',
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(seen.requests).toBe(1);
  });
});
