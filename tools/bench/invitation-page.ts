/**
 * What serving the invitation from a function costs, next to the path it replaced (the static
 * shell, then the app's JavaScript, then a `getInviter` call):
 *
 * 1. Cold start: in fresh Node processes, the time to load the renderer the web build leaves in
 *    functions/lib/web/ and to render a first and a warm page. This is what an instance of
 *    `invitationPage` adds to a cold start over `getInviter`'s: both load the same functions
 *    code and read the same inviter; only the renderer is new.
 * 2. Warm, through the Hosting emulator: the server-rendered page, next to the static shell
 *    and the `getInviter` call that the old path needed before the inviter showed.
 * 3. What deciding who has a page costs (docs/invitation-page.md, "Who has a page"): the inviter's
 *    record read, her Auth account looked up, and both side by side as the function does them,
 *    from this process with the Admin SDK against the stack's emulators.
 *
 * Needs a build and the local stack:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/invitation-page.ts   (part of npm run bench:web)
 *   COLD_STARTS=10 (processes)  WARM_CALLS=40
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { callableHeaders, demoInviter, repoRoot, seedDemoInviter, urls } from '@dayfocus/stack';
import { adminAuth, adminDb, createInviter } from '@dayfocus/stack/testing';

const coldStarts = Number(process.env.COLD_STARTS ?? 10);
const warmCalls = Number(process.env.WARM_CALLS ?? 40);
const rendererPath = join(repoRoot, 'functions', 'lib', 'web', 'invitation-renderer.cjs');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// 1. Cold start, one fresh process each.
const probe = `
const t0 = performance.now();
const renderer = require(${JSON.stringify(rendererPath)});
const t1 = performance.now();
const input = { path: '/feedback/asha/hi', inviter: { inviterId: 'asha', name: 'Asha Verma', photoUrl: null },
  productDomain: 'https://dayfocus.app', productImageUrl: 'https://dayfocus.app/images/dayfocus-preview.png' };
renderer.renderWebPage(input).then(async () => {
  const t2 = performance.now();
  const warm = [];
  for (let i = 0; i < 20; i++) { const s = performance.now(); await renderer.renderWebPage(input); warm.push(performance.now() - s); }
  warm.sort((a, b) => a - b);
  console.log(JSON.stringify({ load: t1 - t0, first: t2 - t1, warm: warm[10] }));
});`;
const cold = Array.from({ length: coldStarts }, () => {
  const started = performance.now();
  const out = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  return {
    ...(JSON.parse(out) as { load: number; first: number; warm: number }),
    process: performance.now() - started,
  };
});
const baseline = Array.from({ length: coldStarts }, () => {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
});

console.log(
  `\nInvitation page: the renderer's share of a cold start (${coldStarts} fresh Node ${process.version} processes, medians)\n`,
);
console.log('| step | median |');
console.log('|---|---|');
console.log(
  `| load the renderer (require functions/lib/web/invitation-renderer.cjs) | ${ms(median(cold.map((c) => c.load)))} |`,
);
console.log(
  `| first render (Hindi, i18next started, the Hindi bundle loaded) | ${ms(median(cold.map((c) => c.first)))} |`,
);
console.log(`| a warm render | ${ms(median(cold.map((c) => c.warm)))} |`);
console.log(
  `| the whole process (with 20 warm renders), for scale | ${ms(median(cold.map((c) => c.process)))} (an empty Node process: ${ms(median(baseline))}) |`,
);

// 2. Warm, through Hosting.
await seedDemoInviter();
async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (!response.ok && response.status !== 404) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}
const scenarios: [string, () => Promise<Response>][] = [
  ['static page (/404.html), the old first byte', () => fetch(`${urls.hosting}/404.html`)],
  [
    "getInviter (the old path's call before the inviter showed)",
    () =>
      fetch(`${urls.hosting}/api/getInviter`, {
        method: 'POST',
        headers: callableHeaders(),
        body: JSON.stringify({ data: { inviterId: demoInviter.uid } }),
      }),
  ],
  ['server-rendered invitation (/feedback/{uid}/hi)', () => fetch(`${urls.hosting}/feedback/${demoInviter.uid}/hi`)],
];
const warm = scenarios.map(([name]) => ({ name, times: [] as number[] }));
for (const [, request] of scenarios) await timed(request); // one uncounted call each (cold workers)
for (let round = 0; round < warmCalls; round++) {
  // Round by round, so that a busy moment of a shared machine weighs on all alike.
  for (const [index, [, request]] of scenarios.entries()) warm[index]?.times.push(await timed(request));
}
const staticMedian = median(warm[0]?.times ?? []);
console.log(`\nWarm, through the Hosting emulator (${warmCalls} calls each, round by round, medians)\n`);
console.log('| request | median | vs static shell |');
console.log('|---|---|---|');
for (const { name, times } of warm) {
  const value = median(times);
  console.log(`| ${name} | ${ms(value)} | ${(value / staticMedian).toFixed(2)}x |`);
}

// 3. The reads that decide who has a page, round by round as above.
const inviter = await createInviter();
await adminAuth.createUser({ uid: inviter.userId, email: inviter.email });
const readRecord = () => adminDb.collection('Users').doc(inviter.userId).get();
const lookUpAccount = () => adminAuth.getUser(inviter.userId);
const reads: [string, () => Promise<unknown>][] = [
  ["the inviter's record (Users/{uid}), as every page read it before", readRecord],
  ['her Auth account (getUser), for its `disabled` flag', lookUpAccount],
  ['both side by side, as the page reads them now', () => Promise.all([readRecord(), lookUpAccount()])],
];
const readTimes = reads.map(([name]) => ({ name, times: [] as number[] }));
for (const [, read] of reads) await read(); // one uncounted call each (connections opened)
for (let round = 0; round < warmCalls; round++) {
  for (const [index, [, read]] of reads.entries()) {
    const started = performance.now();
    await read();
    readTimes[index]?.times.push(performance.now() - started);
  }
}
const recordMedian = median(readTimes[0]?.times ?? []);
console.log(
  `\nDeciding who has a page: the reads, with the Admin SDK against the emulators (${warmCalls} each, medians)\n`,
);
console.log('| read | median | vs the record alone |');
console.log('|---|---|---|');
for (const { name, times } of readTimes) {
  const value = median(times);
  console.log(`| ${name} | ${ms(value)} | ${(value / recordMedian).toFixed(2)}x |`);
}
process.exit(0);
