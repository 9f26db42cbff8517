/**
 * The slow profile of the browser tests: a cheap phone on a slow network, where most of the
 * journey's bugs live (the seconds between the server's first paint and the app taking the page
 * over). Slow 3G as Chrome DevTools throttles it (tools/stack/src/slow-3g.ts: 2,000 ms of latency a
 * request, 50,000 bytes a second each way), and the processor `cpu` times slower (4 by default, as
 * the tryout's iPhone and in-app runs) until the app has taken the page over.
 *
 * The processor is slow from each page load's start until the app has taken that page over (the
 * window this profile is about: the server's paint, the scripts arriving, React's hydration), then
 * at full speed while the page only waits on the slow network. It is slowed by stopping the page's
 * renderer processes in turns (slow-processor.ts), not by DevTools' CPU throttling, which spins the
 * page's main thread and so burned a processor while the page merely waited (docs/testing.md,
 * "Where the processor time goes"). So the page needs a browser of its own:
 * `newPage({ slow: true })`.
 *
 * A test on this profile asserts what a person sees and can do at a moment (a tap right after the
 * paint), never how long anything took: the machine is shared, and speed is the benchmarks' job.
 */
import { throttleToSlow3g, type SlowNetwork } from '@dayfocus/stack/slow-3g';
import type { CDPSession, Page } from 'playwright-core';
import { slowProcessor, type SlowProcessor } from './slow-processor';
import { takenOver } from './app';

/** How long a step may take on this profile before the test fails: pages take their time here. */
export const SLOW_STEP_MS = 120_000;

/** A slow phone's test: two of the slow profile's steps. */
export const SLOW_TEST_MS = 2 * SLOW_STEP_MS;

/**
 * Throttles `page` from now on (the network always, the CPU until each page load is taken over) and
 * lengthens its waits to SLOW_STEP_MS; answers the network's switch to Offline and back. The
 * protocol session stays open with the page: closing it would lift the network's throttling.
 */
export async function slowPhone(
  page: Page,
  { cpu = 4 }: { cpu?: number } = {},
): Promise<Pick<SlowNetwork, 'setOffline'>> {
  const processor = await slowProcessor(page);
  const network = await throttleToSlow3g(page, 1);
  page.setDefaultTimeout(SLOW_STEP_MS);
  await slowCpuUntilTakenOver(page, network.session, processor, cpu);
  return { setOffline: network.setOffline };
}

/** What the slow profile did on each page, a line an event, for a failure to tell (slowProfileJournal). */
const journals = new WeakMap<Page, string[]>();

/**
 * The slow profile's journal of `page`: each load it watched, when the processor was slowed and
 * lifted, and a watch that failed, each with the seconds since slowPhone.
 */
export function slowProfileJournal(page: Page): string {
  return (journals.get(page) ?? ['(not on the slow profile)']).join('\n');
}

/**
 * Slows the processor by `cpu` whenever the main frame starts loading a document (the protocol's
 * `Page.frameStartedLoading`, before the request leaves, so the page paints throttled), and lifts it
 * once the app has taken that document over. A watch that a later load outdated changes nothing; one
 * that never sees a takeover (the test closed the page, or the app never came) leaves the processor
 * slow, and the test's own waits report what went wrong. Each step goes into the page's journal.
 */
async function slowCpuUntilTakenOver(
  page: Page,
  session: CDPSession,
  processor: SlowProcessor,
  cpu: number,
): Promise<void> {
  const journal: string[] = [];
  journals.set(page, journal);
  const started = performance.now();
  const note = (line: string) => journal.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${line}`);
  const { frameTree } = await session.send('Page.getFrameTree');
  let load = 0;
  const watch = async () => {
    const mine = ++load;
    await processor.setRate(cpu);
    note(`load ${mine} started (the page at ${page.url()}): processor ${cpu} times slower`);
    await takenOver(page, { polling: 100 });
    if (mine !== load) return note(`load ${mine} taken over, a later load (${load}) watched: unchanged`);
    await processor.setRate(1);
    note(`load ${mine} taken over: processor at full speed`);
  };
  const watchQuietly = () => void watch().catch((error: unknown) => note(`a watch failed: ${String(error)}`));
  session.on('Page.frameStartedLoading', ({ frameId }) => {
    if (frameId === frameTree.frame.id) watchQuietly();
  });
  // Which loads were new documents: a history API navigation (the app's router) starts one too.
  session.on('Page.frameNavigated', ({ frame }) => {
    if (frame.id === frameTree.frame.id) note(`a new document: ${frame.url}`);
  });
  session.on('Page.navigatedWithinDocument', ({ frameId, url, navigationType }) => {
    if (frameId === frameTree.frame.id) note(`within the document (${navigationType}): ${url}`);
  });
  await session.send('Page.enable');
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
