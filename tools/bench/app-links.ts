/**
 * Benchmark: opening a short link through Hosting (the function reads the link, answers by
 * user agent and counts the open on one of the link's shards without making the answer wait)
 * and asking createAppLink again for an existing link, next to Hosting serving a static file.
 * Prints latency percentiles, throughput, the ratios to that baseline, and the size of each
 * answer. Then a burst: 500 opens of one fresh link started within about a second (next to
 * 500 fetches of the static file the same way), with how many of them the shards counted.
 *   npm run bench:links      (starts the stack, or reuses a running one)
 *   BENCH_SIZES=1,10 npm run bench:links
 */
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { callableHeaders, LOCAL_BASELINE_PATH, repoRoot, stack, startStack, urls } from '@dayfocus/stack';
import { adminDb, createInviter, eventually } from '@dayfocus/stack/testing';
import {
  OPEN_SHARDS_COLLECTION,
  sumOpenShards,
  type OpenShard,
} from '@dayfocus/functions/short-links/domain/open-count';
import { CHROME_WINDOWS, SAFARI_IPHONE, userAgents } from '@dayfocus/stack/user-agents';
import { addSample, concurrently, emptySample, summarize, tableHeader, tableRow, type Sample } from './src/stats.js';

const sizes = (process.env.BENCH_SIZES ?? '1,10,50').split(',').map(Number);
const roundsFor = (n: number) => (n === 1 ? 30 : n <= 10 ? 5 : 2);
/** Enough concurrent calls to start every worker the Functions emulator will run. */
const warmUpCalls = 12;
/** The burst: this many opens of one link, started evenly within `burstWindowMs`. */
const burstOpens = 500;
const burstWindowMs = 1000;

const agents = {
  desktop: CHROME_WINDOWS,
  iphone: SAFARI_IPHONE,
  whatsapp: userAgents.crawler.WhatsApp,
};

async function get(path: string, userAgent: string, expectStatus: number): Promise<boolean> {
  const response = await fetch(`${urls.hosting}${path}`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status === expectStatus;
}

async function createAppLink(inviterId: string): Promise<string> {
  const response = await fetch(`${urls.functions}/createAppLink`, {
    method: 'POST',
    headers: callableHeaders(),
    body: JSON.stringify({ data: { inviterId } }),
  });
  const body = (await response.json()) as { result?: { shortLink?: string } };
  if (!body.result?.shortLink) throw new Error(`createAppLink answered ${response.status}`);
  return body.result.shortLink;
}

async function measure(n: number, one: () => Promise<boolean>): Promise<Sample> {
  const total = emptySample();
  for (let r = 0; r < roundsFor(n); r++) addSample(total, await concurrently(Array.from({ length: n }, () => one)));
  return total;
}

/** The opens of a link: the sum over its shards `_appLinks/{code}/openShards/*`. */
async function openCount(code: string): Promise<number> {
  const shards = await adminDb.collection('_appLinks').doc(code).collection(OPEN_SHARDS_COLLECTION).get();
  return sumOpenShards(shards.docs.map((d) => d.data() as OpenShard)).opens;
}

/**
 * The count once it reaches `expected`, or what it reached when no more came: an open is
 * counted after its answer is sent, so the last counts may trail the last answers.
 */
async function settledOpenCount(code: string, expected: number): Promise<{ counted: number; waitedMs: number }> {
  const started = performance.now();
  let counted: number;
  try {
    counted = await eventually(
      () => openCount(code),
      (n) => n >= expected,
      { what: `${expected} opens counted on ${code}`, timeoutMs: 30_000, intervalMs: 50 },
    );
  } catch {
    counted = await openCount(code);
  }
  return { counted, waitedMs: performance.now() - started };
}

async function answerSize(path: string, userAgent: string) {
  const response = await fetch(`${urls.hosting}${path}`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
  const body = Buffer.from(await response.arrayBuffer());
  return `${response.status}, ${body.length} bytes (${gzipSync(body).length} gzip)`;
}

const running = await startStack({ output: { logFile: join(repoRoot, '.artifacts', 'bench-stack.log') } });
try {
  const { userId: inviterId } = await createInviter({ name: 'Bench Inviter' });
  const path = new URL(await createAppLink(inviterId)).pathname;
  const code = path.slice('/l/'.length);
  const opensBefore = await openCount(code);

  const scenarios: [string, () => Promise<boolean>][] = [
    ['open: desktop (302 to the target)', () => get(path, agents.desktop, 302)],
    ['open: iPhone (app page)', () => get(path, agents.iphone, 200)],
    ['open: WhatsApp preview', () => get(path, agents.whatsapp, 200)],
    ['open: unknown code (404)', () => get('/l/ZZZZZZZZZZ', agents.desktop, 404)],
    ['createAppLink, existing link', () => createAppLink(inviterId).then((link) => new URL(link).pathname === path)],
  ];
  const baseline: () => Promise<boolean> = () => get('/images/demo-inviter.svg', agents.desktop, 200);
  // A function that answers at once, behind a Hosting rewrite as /l/** is: the emulator's hop alone.
  const trivialFunction: () => Promise<boolean> = () => get(LOCAL_BASELINE_PATH, agents.desktop, 200);

  // Warm-up: start the functions' workers so that cold starts do not count.
  for (const [, one] of [...scenarios, ['', trivialFunction] as const])
    await concurrently(Array.from({ length: warmUpCalls }, () => one));

  console.log(
    `\nShort-link benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `Local stack: Hosting and Functions emulators (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator`,
  );
  console.log(
    'Baseline: a trivial function behind the same Hosting rewrite (the emulator hop every function pays); ' +
      'a static file for scale\n',
  );
  console.log(tableHeader);
  let opens = 0;
  for (const n of sizes) {
    const file = summarize(await measure(n, baseline));
    const base = summarize(await measure(n, trivialFunction));
    console.log(tableRow('static file (for scale)', n, file, base));
    console.log(tableRow('baseline: trivial function', n, base, null));
    for (const [name, one] of scenarios) {
      const summary = summarize(await measure(n, one));
      // A preview is answered but counts no open (functions/src/platform/domain/previews.ts).
      if (name.startsWith('open:') && !/unknown|preview/.test(name)) opens += summary.calls - summary.failures;
      console.log(tableRow(name, n, summary, base));
    }
  }
  // The warm-up of the desktop and iPhone opens; the preview's is not counted.
  const warmUpOpens = warmUpCalls * 2;
  const settled = await settledOpenCount(code, opensBefore + opens + warmUpOpens);
  const counted = settled.counted - opensBefore;
  console.log(`\nOpens counted by the link: ${counted} of ${opens + warmUpOpens} successful opens (warm-up included).`);

  // The burst: one fresh link, so that its count is the burst's alone.
  const { userId: burstInviterId } = await createInviter({ name: 'Bench Burst Inviter' });
  const burstPath = new URL(await createAppLink(burstInviterId)).pathname;
  const burstCode = burstPath.slice('/l/'.length);
  const burstBase = summarize(
    await concurrently(
      Array.from({ length: burstOpens }, () => baseline),
      burstWindowMs,
    ),
  );
  const burst = summarize(
    await concurrently(
      Array.from({ length: burstOpens }, () => () => get(burstPath, agents.desktop, 302)),
      burstWindowMs,
    ),
  );
  const burstCounted = await settledOpenCount(burstCode, burstOpens);
  console.log(
    `\nBurst: ${burstOpens} opens of one link (desktop, 302) started within ${burstWindowMs} ms, next to the static file the same way\n`,
  );
  console.log(tableHeader);
  console.log(tableRow(`baseline: static file, ${burstOpens} in ${burstWindowMs} ms`, burstOpens, burstBase, null));
  console.log(tableRow(`burst: open one link, ${burstOpens} in ${burstWindowMs} ms`, burstOpens, burst, burstBase));
  console.log(
    `\nBurst opens counted (sum of the link's shards): ${burstCounted.counted} of ${burstOpens} ` +
      `(${burstOpens - burst.failures} answered as expected; ${burstCounted.waitedMs.toFixed(0)} ms waited after the last answer for the pending writes).`,
  );
  console.log('\nAnswer sizes:');
  console.log(`  desktop redirect   ${await answerSize(path, agents.desktop)}`);
  console.log(`  iPhone page        ${await answerSize(path, agents.iphone)}`);
  console.log(`  WhatsApp preview   ${await answerSize(path, agents.whatsapp)}`);
  console.log(`  404 page           ${await answerSize('/l/ZZZZZZZZZZ', agents.iphone)}`);
} finally {
  await running.stop();
}
process.exit(0);
