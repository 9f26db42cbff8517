/**
 * Round trips on the journey: for each way of signing up (e-mail, Google, Apple), a phone browser
 * goes from the invitation's "Sign up" to the welcome page that sends to the stores, as a person
 * does, on the local stack. Each step (a tap, and what it waits for) is listed with the requests
 * the page made and the sequential round trips among them: the longest chain of requests each
 * started after the one before it had finished, which is what a person waits through. The chain
 * itself is printed, so that each remaining round trip can be named. Counts, not timings: the
 * milliseconds are this machine's and only show where the wait is. The provider's popup is a
 * window of its own (Google's or Apple's page in production): its loads are not counted.
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/round-trips.ts
 * Writes .artifacts/round-trips.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { companionLink, demoInviter, inviteLink, repoRoot, seedDemoInviter, urls } from '@dayfocus/stack';
import { uniqueId, verificationEmail } from '@dayfocus/stack/testing';
import { completeProviderPopup } from '@dayfocus/stack/provider-sign-in';
import { launchBrowser } from '@dayfocus/stack/browser-contexts';
import english from '@dayfocus/contracts/locales/en';

const en = english.web;
import type { Page, Request } from 'playwright-core';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';

const PHONE = {
  userAgent: CHROME_ANDROID,
  viewport: { width: 412, height: 915 },
  isMobile: true,
  hasTouch: true,
};

interface Sent {
  url: string;
  kind: string;
  started: number;
  ended: number | undefined;
}

interface Step {
  path: string;
  step: string;
  requests: number;
  roundTrips: number;
  chain: string[];
  waitedMs: number;
}

/** Every request of the page (its frames included), with when it started and ended. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  const byRequest = new Map<Request, Sent>();
  page.on('request', (request) => {
    const entry = { url: request.url(), kind: request.resourceType(), started: performance.now(), ended: undefined };
    byRequest.set(request, entry);
    sent.push(entry);
  });
  const end = (request: Request) => {
    const entry = byRequest.get(request);
    if (entry) entry.ended = performance.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return sent;
}

/** A request as the chain names it: method-less, the origin dropped where it is the site's. */
function label(url: string): string {
  const parsed = new URL(url);
  const site = parsed.origin === urls.hosting ? '' : parsed.host;
  const path = parsed.pathname.replace(/\/assets\/([^/]+)-[\w-]{8}\.(js|css)$/, '/assets/$1.$2');
  return `${site}${path.length > 60 ? `${path.slice(0, 57)}...` : path}`;
}

/** The longest chain of requests in which each started after the one before had finished. */
function longestChain(requests: Sent[]): Sent[] {
  const ordered = [...requests].sort((a, b) => a.started - b.started);
  const best = new Map<Sent, Sent[]>();
  for (const request of ordered) {
    let chain: Sent[] = [];
    for (const earlier of ordered) {
      if (earlier === request) break;
      const before = best.get(earlier) ?? [];
      if (earlier.ended !== undefined && earlier.ended <= request.started && before.length > chain.length)
        chain = before;
    }
    best.set(request, [...chain, request]);
  }
  return [...best.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
}

async function step(
  page: Page,
  sent: Sent[],
  where: { path: string; step: string },
  act: () => Promise<void>,
  reached: () => Promise<void>,
): Promise<Step> {
  const from = sent.length;
  const started = performance.now();
  await act();
  await reached();
  const waitedMs = Math.round(performance.now() - started);
  // What the step started and is still in flight (a count, a beacon) belongs to it too; a page
  // that keeps a connection open (Auth's helper frame) never goes idle, so this waits 5 s at most.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  const requests = sent.slice(from);
  const chain = longestChain(requests);
  return {
    ...where,
    requests: requests.length,
    roundTrips: chain.length,
    chain: chain.map((r) => `${label(r.url)} (${r.kind})`),
    waitedMs,
  };
}

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ state: 'visible', timeout: 30_000 });

/** From the invitation's "Sign up" to the method page, ready for a tap. */
async function toMethodPage(page: Page, sent: Sent[], path: string): Promise<Step[]> {
  await page.goto(inviteLink(demoInviter.uid, 'en'));
  await visible(page, en.invitation.signUp);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  return [
    await step(
      page,
      sent,
      { path, step: 'tap "Sign up" on the invitation: the method page' },
      () => page.getByRole('link', { name: en.invitation.signUp, exact: true }).click(),
      () => visible(page, en.socialSignUp.email),
    ),
  ];
}

async function emailPath(): Promise<Step[]> {
  const path = 'e-mail';
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const sent = recordRequests(page);
  const steps = await toMethodPage(page, sent, path);
  steps.push(
    await step(
      page,
      sent,
      { path, step: `tap "${en.socialSignUp.email}": the form` },
      () => page.getByRole('link', { name: en.socialSignUp.email }).click(),
      () => page.getByLabel(en.signUp.confirmPassword, { exact: true }).waitFor({ timeout: 30_000 }),
    ),
  );
  const email = `${uniqueId('trips')}@example.com`;
  await page.getByLabel(en.signUp.username, { exact: true }).fill('Round Trip');
  await page.getByLabel(en.signUp.email, { exact: true }).fill(email);
  await page.getByLabel(en.signUp.password, { exact: true }).fill('correct-horse-1');
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill('correct-horse-1');
  steps.push(
    await step(
      page,
      sent,
      { path, step: 'submit the form: the confirmation page' },
      () => page.getByRole('button', { name: en.signUp.submit, exact: true }).click(),
      () => page.waitForURL('**/confirm-email', { timeout: 30_000 }),
    ),
  );
  const { oobLink } = await verificationEmail(email);
  steps.push(
    await step(
      page,
      sent,
      { path, step: "open the e-mail's link: the welcome page with the store links" },
      () => page.goto(companionLink(oobLink)).then(() => undefined),
      () => visible(page, en.welcome.download),
    ),
  );
  await context.close();
  return steps;
}

async function providerPath(provider: 'Google' | 'Apple'): Promise<Step[]> {
  const path = provider;
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const sent = recordRequests(page);
  const steps = await toMethodPage(page, sent, path);
  // As a person who taps once the page is ready: Auth's popup helper loaded (before, the tap
  // goes by redirect, which this count does not follow).
  await page.locator('[data-popup-ready]').first().waitFor({ timeout: 30_000 });
  const email = `${uniqueId('trips')}@example.com`;
  steps.push(
    await step(
      page,
      sent,
      { path, step: `tap "Sign up with ${provider}", sign in in the popup: the welcome page` },
      async () => {
        const popup = page.waitForEvent('popup');
        await page
          .getByRole('button', { name: provider === 'Google' ? en.socialSignUp.google : en.socialSignUp.apple })
          .click();
        const window = await popup;
        // The emulator's account list grows with every run on this stack; a tall window keeps
        // "Add new account" clickable below it on a phone's width.
        await window.setViewportSize({ width: PHONE.viewport.width, height: 20_000 });
        await completeProviderPopup(window, { email, displayName: 'Round Trip' });
      },
      () => visible(page, en.welcome.download),
    ),
  );
  await context.close();
  return steps;
}

await seedDemoInviter();
const browser = await launchBrowser();
let results: Step[];
try {
  results = [...(await emailPath()), ...(await providerPath('Google')), ...(await providerPath('Apple'))];
} finally {
  await browser.close();
}

console.log('\nRound trips from the invitation\'s "Sign up" to the welcome page (phone, local stack)\n');
console.log('| path | step | requests | sequential round trips | waited (this machine) |');
console.log('|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.path} | ${r.step} | ${r.requests} | ${r.roundTrips} | ${r.waitedMs} ms |`);
for (const path of ['e-mail', 'Google', 'Apple']) {
  const of = results.filter((r) => r.path === path);
  console.log(
    `\n${path}: ${of.reduce((n, r) => n + r.requests, 0)} requests, ${of.reduce((n, r) => n + r.roundTrips, 0)} sequential round trips`,
  );
  for (const r of of) console.log(`  ${r.step}:\n    ${r.chain.join('\n    -> ')}`);
}
const out = join(repoRoot, '.artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'round-trips.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to .artifacts/round-trips.json.');
process.exit(0);
