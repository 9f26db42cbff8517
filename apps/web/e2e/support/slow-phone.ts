/**
 * The slow profile of the browser tests: a cheap phone on a slow network, where most of the
 * journey's bugs live (the seconds between the server's first paint and the app taking the page
 * over). Chrome DevTools' own throttling, as the phone benchmarks set it (tools/stack/src/slow-3g.ts):
 * Slow 3G (2,000 ms of latency a request, 50,000 bytes a second each way) and the CPU `cpu` times
 * slower (4 by default, as the tryout's iPhone and in-app runs) until the app has taken the page over.
 *
 * The processor is slow from each page load's start until the app has taken that page over (the
 * window this profile is about: the server's paint, the scripts arriving, React's hydration), then
 * at full speed while the page only waits on the slow network. Chrome slows a page's processor by
 * stopping its main thread in a busy loop, so a throttled page burns a processor even while it
 * waits: at rate 4, 8 s of processor time in 10 s idle. Kept on for a whole test, that was a fifth
 * of `npm test`'s processor time (docs/testing.md, "Where the processor time goes").
 *
 * A test on this profile asserts what a person sees and can do at a moment (a tap right after the
 * paint), never how long anything took: the machine is shared, and speed is the benchmarks' job.
 */
import { throttleToSlow3g, type SlowNetwork } from '@dayfocus/stack/slow-3g';
import type { Page } from 'playwright-core';
import { takenOver } from './app';

/** How long a step may take on this profile before the test fails: pages take their time here. */
export const SLOW_STEP_MS = 120_000;

/**
 * Throttles `page` from now on (the network always, the CPU until each page load is taken over) and
 * lengthens its waits to SLOW_STEP_MS. The protocol session stays open with the page: closing it
 * would lift the throttling.
 */
export async function slowPhone(page: Page, { cpu = 4 }: { cpu?: number } = {}): Promise<SlowNetwork> {
  const network = await throttleToSlow3g(page, cpu);
  page.setDefaultTimeout(SLOW_STEP_MS);
  await slowCpuUntilTakenOver(page, network, cpu);
  return network;
}

/**
 * Slows the processor by `cpu` whenever the main frame starts loading a document (the protocol's
 * `Page.frameStartedLoading`, before the request leaves, so the page paints throttled), and lifts it
 * once the app has taken that document over. A watch that a later load outdated changes nothing; one
 * that never sees a takeover (the test closed the page, or the app never came) leaves the processor
 * slow, and the test's own waits report what went wrong.
 */
async function slowCpuUntilTakenOver(page: Page, network: SlowNetwork, cpu: number): Promise<void> {
  const { frameTree } = await network.session.send('Page.getFrameTree');
  let load = 0;
  const watch = async () => {
    const mine = ++load;
    await network.setCpu(cpu);
    await takenOver(page, { polling: 100 });
    if (mine === load) await network.setCpu(1);
  };
  const watchQuietly = () => void watch().catch(() => undefined);
  network.session.on('Page.frameStartedLoading', ({ frameId }) => {
    if (frameId === frameTree.frame.id) watchQuietly();
  });
  await network.session.send('Page.enable');
  watchQuietly();
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
