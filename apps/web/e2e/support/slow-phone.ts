/**
 * The slow profile of the browser tests: a cheap phone on a slow network, where most of the
 * journey's bugs live (the seconds between the server's first paint and the app taking the page
 * over). Chrome DevTools' own throttling, as the phone benchmarks set it (tools/stack/src/slow-3g.ts):
 * Slow 3G (2,000 ms of latency a request, 50,000 bytes a second each way) and the CPU `cpu` times
 * slower (4 by default, as the tryout's iPhone and in-app runs).
 *
 * A test on this profile asserts what a person sees and can do at a moment (a tap right after the
 * paint), never how long anything took: the machine is shared, and speed is the benchmarks' job.
 */
import { throttleToSlow3g, type SlowNetwork } from '@dayfocus/stack/slow-3g';
import type { Page } from 'playwright-core';

/** How long a step may take on this profile before the test fails: pages take their time here. */
export const SLOW_STEP_MS = 120_000;

/**
 * Throttles `page` from now on (network and CPU) and lengthens its waits to SLOW_STEP_MS. The
 * protocol session stays open with the page: closing it would lift the throttling.
 */
export async function slowPhone(page: Page, { cpu = 4 }: { cpu?: number } = {}): Promise<SlowNetwork> {
  const network = await throttleToSlow3g(page, cpu);
  page.setDefaultTimeout(SLOW_STEP_MS);
  return network;
}

/**
 * Waits until the server's HTML has painted (its first contentful paint) and answers at once,
 * before any script of the page has run: the moment a prompt person taps.
 */
export async function firstPaint(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    timeout: SLOW_STEP_MS,
    polling: 50,
  });
}
