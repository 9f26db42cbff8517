// The slow profile itself (support/slow-phone.ts): what the fifteen files on it rely on. Its
// processor is slowed by stopping the page's renderer processes in turns, so the page must have a
// browser of its own, and the slowdown must hold until the app has taken the page over, then lift.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isTakenOver, seedInviter, takenOver, useBrowser } from './support/app';
import { instagram } from './support/first-paint';
import { holdTheApp } from './support/hold-app';
import { firstPaint, slowPhone, slowProfileJournal } from './support/slow-phone';
import { rendererPids } from './support/slow-processor';

/**
 * Of `samples` looks at the page's renderers, 20 ms apart, how many found one stopped (`T`), and
 * what they found, for a failure to tell.
 */
async function stoppedLooks(page: Page, samples = 25): Promise<{ stopped: number; seen: string }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser');
  const session = await browser.newBrowserCDPSession();
  const pids = (await rendererPids(session)).map(String);
  await session.detach();
  const started = Date.now();
  let stopped = 0;
  for (let look = 0; look < samples; look += 1) {
    const states = execFileSync('ps', ['-o', 'stat=', '-p', pids.join(',')], { encoding: 'utf8' });
    if (/^T/m.test(states)) stopped += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { stopped, seen: `${stopped} of ${samples} looks in ${Date.now() - started} ms found a renderer stopped` };
}

describe('the slow profile', () => {
  const browser = useBrowser();

  it("refuses a page that shares the file's browser, whose other pages it would slow too", async () => {
    const page = await browser.newPage({ device: 'phone' });
    await expect(slowPhone(page)).rejects.toThrow('newPage({ slow: true })');
  });

  it('keeps the page stopped most of the time until the app has taken it over, and never after', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ slow: true, device: 'phone', userAgent: instagram('android') });
    await slowPhone(page);
    // The app held back while the looks are taken: in a slow hour of the machine only 7 of 25 found
    // the page stopped, the looks (a `ps` each) likely outlasting the takeover, after which a look
    // rightly finds it running. A failure now says how long the looks took.
    const app = await holdTheApp(page);
    await page.goto(`/feedback/${inviter.userId}`, { waitUntil: 'commit' });
    await firstPaint(page);
    // At rate 4 a renderer stands still three quarters of the time: most looks find it stopped.
    const looks = await stoppedLooks(page);
    expect(looks.stopped, `${looks.seen}; the slow profile:\n${slowProfileJournal(page)}`).toBeGreaterThan(10);
    expect(await isTakenOver(page)).toBe(false);

    app.release();
    await takenOver(page);
    // Within 30 s every look finds the page running; a failure tells the profile's journal.
    const until = Date.now() + 30_000;
    let after = await stoppedLooks(page);
    while (after.stopped > 0 && Date.now() < until) after = await stoppedLooks(page);
    expect(after.stopped, `after the takeover, ${after.seen}; the slow profile:\n${slowProfileJournal(page)}`).toBe(0);
  });
});
