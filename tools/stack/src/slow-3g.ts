/**
 * Chrome DevTools' own throttling of a page over the DevTools protocol, as the phone benchmarks
 * (tools/bench) set it; the browser tests' slow profile (apps/web/e2e/support/slow-phone.ts) takes
 * its network and slows the processor its own way (slow-processor.ts there).
 *
 * DevTools' Slow 3G (`Slow3GConditions`, front_end/core/sdk/NetworkManager.ts): a 400 ms round
 * trip, which DevTools sends as 2,000 ms of latency a request (x5), and 500 Kbps x 0.8 down and up
 * (50,000 bytes a second). Network.emulateNetworkConditions takes bytes a second.
 */
import type { CDPSession, Page } from 'playwright-core';

/** A network as DevTools throttles it: the round trip it stands for, the latency sent a request, the bytes a second. */
export interface PhoneNetwork {
  name: string;
  rttMs: number;
  latencyMs: number;
  bytesPerSecond: number;
}

export const SLOW_3G: PhoneNetwork = {
  name: 'slow 3G',
  rttMs: 400,
  latencyMs: 400 * 5,
  bytesPerSecond: ((500 * 1000) / 8) * 0.8,
};

/**
 * The cheap Android phone of the tryouts from outside: 400 ms round trips, each request
 * waiting its one round trip (not DevTools' five), and 50,000 bytes a second.
 */
export const CHEAP_ANDROID: PhoneNetwork = {
  name: 'a cheap Android phone',
  rttMs: 400,
  latencyMs: 400,
  bytesPerSecond: 50_000,
};

/**
 * Slow 3G (or `network`) and the CPU `cpu` times slower on `page` from now on. The protocol session stays open
 * with the page: closing it would lift the throttling.
 */
export async function throttleToSlow3g(page: Page, cpu: number, network: PhoneNetwork = SLOW_3G): Promise<SlowNetwork> {
  const session = await page.context().newCDPSession(page);
  const conditions = (offline: boolean) =>
    session.send('Network.emulateNetworkConditions', {
      offline,
      latency: network.latencyMs,
      downloadThroughput: network.bytesPerSecond,
      uploadThroughput: network.bytesPerSecond,
    });
  await session.send('Network.enable');
  await conditions(false);
  const setCpu = (rate: number) => session.send('Emulation.setCPUThrottlingRate', { rate });
  await setCpu(cpu);
  return { setOffline: conditions, setCpu, session };
}

/**
 * The throttled page's connection: DevTools' own "Offline" on the same protocol session (a second
 * session's conditions would not replace these), and back to Slow 3G; its processor's slowdown
 * changed (1: none); the protocol session itself, for its events.
 */
export interface SlowNetwork {
  setOffline(offline: boolean): Promise<unknown>;
  setCpu(rate: number): Promise<unknown>;
  session: CDPSession;
}
