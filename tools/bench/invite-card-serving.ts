/**
 * What serving the invite card costs (docs/invite-card.md), next to the invitation page's own warm
 * answer, whose work is of the same class (a read of the inviter, then an answer):
 *
 * 1. Cold start (src/invite-card-cold-start.ts): fresh Node processes load the built functions'
 *    entry, what every function's instance pays, and the entry then a first card, what a cold
 *    `inviteCard` pays; the entry alone must not load `@napi-rs/canvas`.
 * 2. Through the Hosting emulator, round by round, each round a fresh inviter (no picture: her
 *    initials) and her Hindi card: (a) its first fetch (her record read, no card stored, the card
 *    drawn and stored); (b) once it is stored, the same address again (the same request again
 *    reads her afresh, as the CDN's copy is taken to be gone, then the stored card: no draw,
 *    which the stored card's `drawnAt` shows afterwards); (c) an address of
 *    hers with a made-up version (302 to her card: she is kept from (b), no read, no draw); and
 *    the invitation page's warm answer (`/feedback/{demo}/hi`) and a static file, for scale. One
 *    uncounted round first. Before and after, which of the emulator's workers have Skia loaded
 *    (src/function-workers.ts): the draws of (a) come in a worker that already has it, unless the
 *    emulator started another.
 *
 * Needs a build and the local stack:
 *   pnpm run build && FUNCTIONS_EMULATOR_SHARED_WORKERS=false tsx tools/stack/with-stack.ts tsx tools/bench/invite-card-serving.ts
 *   (part of npm run bench:card: a worker per function, as production's instances, which the Skia
 *   count below reads)
 *   COLD_STARTS=10 (processes of each kind)  CARD_ROUNDS=30
 * Prints Markdown tables and writes .artifacts/invite-card-serving.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { inviteCardPath } from '@dayfocus/contracts/invite-card';
import { href } from '@dayfocus/contracts/page-paths';
import { collections } from '@dayfocus/contracts/records';
import { demoInviter, repoRoot, seedDemoInviter, urls } from '@dayfocus/stack';
import { adminDb, createInviter, eventually } from '@dayfocus/stack/testing';
import { coldStarts, type ColdStart } from './src/invite-card-cold-start.js';
import { describeWorkers, functionWorkers } from './src/function-workers.js';
import { median } from './src/stats.js';

const coldCount = Number(process.env.COLD_STARTS ?? 10);
const rounds = Number(process.env.CARD_ROUNDS ?? 30);
const language = 'hi';
const ms = (value: number) => `${value.toFixed(1)} ms`;

// 1. Cold start.
const cold = coldStarts(coldCount);
const loaded = cold.entryOnly.filter((c) => c.canvasModulesAfterEntry > 0 || c.skiaMappedAfterEntry).length;
if (loaded > 0) throw new Error(`The functions' entry loaded @napi-rs/canvas in ${loaded} of ${coldCount} processes`);
if (cold.withCard.some((c) => !c.canvasModulesAfterCard))
  throw new Error('A first card was drawn without @napi-rs/canvas in require.cache: the probe measured nothing');
const pick = (list: ColdStart[], field: (c: ColdStart) => number | undefined) => median(list.map((c) => field(c) ?? 0));
console.log(
  `\nInvite card: its share of a cold start (${coldCount} fresh Node ${process.version} processes each, medians)\n`,
);
console.log('| step | median |');
console.log('|---|---|');
const coldRows: [string, string][] = [
  [
    "(i) load the functions' entry (require functions/lib/index.js): every function",
    ms(pick(cold.entryOnly, (c) => c.entry)),
  ],
  [
    '    its resident memory, and @napi-rs/canvas loaded',
    `${pick(cold.entryOnly, (c) => c.rssAfterEntry).toFixed(0)} MB; no process loaded it`,
  ],
  ['(ii) the same, then import the drawer (Skia)', ms(pick(cold.withCard, (c) => c.drawer))],
  [
    '     then the first card (Hindi, initials: fonts registered, drawn, JPEG)',
    ms(pick(cold.withCard, (c) => c.first)),
  ],
  ['     a warm card, for scale', ms(pick(cold.withCard, (c) => c.warm))],
  ['     resident memory after the cards', `${pick(cold.withCard, (c) => c.rssAfterCard).toFixed(0)} MB`],
  [
    'the whole process: (i) / (ii) with 10 warm cards',
    `${ms(pick(cold.entryOnly, (c) => c.process))} / ${ms(pick(cold.withCard, (c) => c.process))}`,
  ],
];
for (const [step, figure] of coldRows) console.log(`| ${step} | ${figure} |`);

// 2. Through Hosting.
interface Fetched {
  ms: number;
  bytes: number;
}
/** One request, timed to the last byte of its body; throws unless it answers `status`. */
async function timed(path: string, status: number): Promise<Fetched> {
  const started = performance.now();
  const response = await fetch(`${urls.hosting}${path}`, { redirect: 'manual' });
  const bytes = (await response.arrayBuffer()).byteLength;
  const took = performance.now() - started;
  if (response.status !== status) throw new Error(`${path} answered ${response.status}, not ${status}`);
  if (status === 200 && path.startsWith('/card/') && response.headers.get('content-type') !== 'image/jpeg')
    throw new Error(`${path} answered ${response.headers.get('content-type')}, not a JPEG`);
  return { ms: took, bytes };
}

const scenarios = [
  'static file (/404.html): Hosting alone',
  'the invitation page, warm (/feedback/{demo}/hi): her read, a render',
  '(a) a new card, first fetch: her read, no stored card, a draw',
  '(b) the same address again: her read afresh, the stored card read, no draw',
  '(c) a made-up version of her card (302): kept from (b), no read, no draw',
] as const;
const times: number[][] = scenarios.map(() => []);
const cardBytes: number[] = [];
const drawn: { key: string; drawnAt: string }[] = [];
const pagePath = href('invitation', { inviterId: demoInviter.uid, lg: language });

/** When the card at `key` was drawn, as its stored document says; nothing before it is stored. */
async function drawnAtOf(key: string): Promise<string | undefined> {
  const stored = await adminDb.collection(collections.inviteCards).doc(encodeURIComponent(key)).get();
  return stored.get('drawnAt') as string | undefined;
}

/** One round with a fresh inviter; its times are kept unless it is the warm-up. */
async function round(counted: boolean): Promise<Fetched[]> {
  const inviter = await createInviter({ name: 'Asha Verma', profileImage: null });
  const card = inviteCardPath({ inviterId: inviter.userId, name: inviter.name, photoUrl: null }, language);
  const fetched = [await timed('/404.html', 404), await timed(pagePath, 200), await timed(card, 200)];
  // The same address comes again once the CDN's copy is gone, long after the card was stored.
  const key = card.slice(1);
  const drawnAt = await eventually(() => drawnAtOf(key), Boolean, { what: `the card ${key} stored` });
  fetched.push(await timed(card, 200), await timed(card.replace(/[^/]+\.jpg$/, 'AAAAAAAAAAAAAAAA.jpg'), 302));
  if (!counted) return fetched;
  fetched.forEach((each, index) => times[index]?.push(each.ms));
  cardBytes.push(fetched[2]?.bytes ?? 0);
  drawn.push({ key, drawnAt: drawnAt ?? '' });
  return fetched;
}

await seedDemoInviter();
const workersBefore = functionWorkers();
const loadBefore = loadavg();
const warmUp = await round(false);
for (let i = 0; i < rounds; i++) await round(true);
const loadAfter = loadavg();
const workersAfter = functionWorkers();

// Each card was drawn once, by (a): (b) answered the stored one and drew nothing.
for (const { key, drawnAt } of drawn)
  if ((await drawnAtOf(key)) !== drawnAt) throw new Error(`${key} was drawn again by its second fetch`);

const page = median(times[1] ?? []);
console.log(
  `\nThrough the Hosting emulator: ${rounds} rounds, a fresh inviter each, round by round (medians; load average ${loadBefore
    .map((n) => n.toFixed(2))
    .join(' ')} before, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} after)\n`,
);
console.log('| request | median | vs the page |');
console.log('|---|---|---|');
scenarios.forEach((name, index) => {
  const value = median(times[index] ?? []);
  console.log(`| ${name} | ${ms(value)} | ${(value / page).toFixed(2)}x |`);
});
if (!workersBefore.some((worker) => worker.target === 'inviteCard'))
  console.log(
    `\nThe uncounted round's (a), in the worker the emulator started for it (one sample: the worker's start, the functions' entry, Skia, the draw): ${ms(warmUp[2]?.ms ?? 0)}.`,
  );
console.log(
  `\nA card: ${(median(cardBytes) / 1024).toFixed(1)} KB (median). Every card was drawn once: by its first fetch.`,
);
console.log(`Workers before the first round: ${describeWorkers(workersBefore, 'inviteCard')}.`);
console.log(`Workers after the last round: ${describeWorkers(workersAfter, 'inviteCard')}.`);

const artifacts = join(repoRoot, '.artifacts');
mkdirSync(artifacts, { recursive: true });
writeFileSync(
  join(artifacts, 'invite-card-serving.json'),
  `${JSON.stringify({ cold, rounds, loadBefore, loadAfter, scenarios, warmUp, times, cardBytes, workersBefore, workersAfter }, null, 2)}\n`,
);
process.exit(0);
