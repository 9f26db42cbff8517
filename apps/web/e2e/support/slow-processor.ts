/**
 * A slow phone's processor for a page of the slow profile: every renderer process of the page's
 * browser runs 1/rate of the wall clock, stopped (SIGSTOP) and continued (SIGCONT) in turns.
 *
 * DevTools' own CPU throttling (Emulation.setCPUThrottlingRate) stops a page's main thread in a busy
 * loop: at rate 4 a throttled page burns three quarters of a processor, even while it only waits on
 * Slow 3G. On a machine of two processors that ran the browser suite a quarter slower and took a
 * seventh of `npm test`'s processor time. A stopped process burns nothing. It is also a little
 * closer to a cheap phone: all of the page's threads are slow (its compositor and its workers too),
 * not only its main thread. The phone benchmarks (tools/bench) keep DevTools' throttling: they time
 * pages, and their figures compare with DevTools' own.
 *
 * The renderers are all of the browser's (`SystemInfo.getProcessInfo`, refreshed as the page moves
 * to a new process), so the browser must hold the slow page alone: `newPage({ slow: true })`.
 */
import type { CDPSession, Page } from 'playwright-core';
import { inBrowserOfItsOwn } from './app';

/** One turn: the processes run PERIOD_MS / rate of it, then stand still for the rest. */
const PERIOD_MS = 40;
/** How often the list of the browser's renderers is read again (a navigation may start a new one). */
const REFRESH_MS = 200;

export interface SlowProcessor {
  /** Slows the browser's renderers `rate` times (1: full speed, at once). */
  setRate(rate: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends `signal` to each process; one that has ended meanwhile is passed over. */
function signalAll(pids: number[], signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}

/** The process ids of the browser's renderers now, asked over a browser session of the DevTools protocol. */
export async function rendererPids(session: CDPSession): Promise<number[]> {
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

/** The processor of `page`'s browser, which must hold it alone. */
export async function slowProcessor(page: Page): Promise<SlowProcessor> {
  const browser = page.context().browser();
  if (!browser || !inBrowserOfItsOwn(page))
    throw new Error('a slow processor slows its whole browser: open the page with newPage({ slow: true })');
  const session: CDPSession = await browser.newBrowserCDPSession();
  let pids: number[] = [];
  let readAt = 0;
  let rate = 1;
  let turns = 0; // each setRate starts a new run of turns; an older run stops at its next step
  let closed = false;
  const resume = () => signalAll(pids, 'SIGCONT');
  browser.on('disconnected', () => {
    closed = true;
    resume();
  });
  const run = async (mine: number) => {
    try {
      while (mine === turns && !closed) {
        if (Date.now() - readAt >= REFRESH_MS) {
          const now = await rendererPids(session);
          // A renderer that left the list is continued (its stop must not outlive the slowdown).
          signalAll(
            pids.filter((pid) => !now.includes(pid)),
            'SIGCONT',
          );
          [pids, readAt] = [now, Date.now()];
          if (mine !== turns || closed) break;
        }
        signalAll(pids, 'SIGCONT');
        const started = performance.now();
        await sleep(PERIOD_MS / rate);
        if (mine !== turns || closed) break;
        signalAll(pids, 'SIGSTOP');
        // As long again as it really ran (a timer fires late on a busy machine), times rate - 1.
        await sleep((performance.now() - started) * (rate - 1));
      }
    } finally {
      if (mine === turns) resume();
    }
  };
  return {
    async setRate(next: number) {
      if (next < 1) throw new Error(`a processor rate below 1 (${next}) would speed the phone up`);
      rate = next;
      const mine = ++turns;
      resume();
      if (next > 1) void run(mine).catch(() => resume());
    },
  };
}
