/**
 * Benchmark: opening a short link through Hosting (the function reads the link, counts the
 * open and answers by user agent) and asking createAppLink again for an existing link, next
 * to Hosting serving a static file. Prints latency percentiles, throughput, the ratios to
 * that baseline, and the size of each answer.
 *   npm run bench:links      (starts the stack, or reuses a running one)
 *   BENCH_SIZES=1,10 npm run bench:links
 */
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot, stack, startStack, urls } from '@dayfocus/stack';
import { adminDb, createInviter } from '@dayfocus/stack/testing';
import { addSample, concurrently, emptySample, summarize, tableHeader, tableRow, type Sample } from './src/stats.js';

const sizes = (process.env.BENCH_SIZES ?? '1,10,50').split(',').map(Number);
const roundsFor = (n: number) => (n === 1 ? 30 : n <= 10 ? 5 : 2);
/** Enough concurrent calls to start every worker the Functions emulator will run. */
const warmUpCalls = 12;

const agents = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  whatsapp: 'WhatsApp/2.23.20.0 A',
};

async function get(path: string, userAgent: string, expectStatus: number): Promise<boolean> {
  const response = await fetch(`${urls.hosting}${path}`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status === expectStatus;
}

async function createAppLink(inviterId: string): Promise<string> {
  const response = await fetch(`${urls.functions}/createAppLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
  const opensBefore = ((await adminDb.collection('_appLinks').doc(code).get()).data()?.opens as number) ?? 0;

  const scenarios: [string, () => Promise<boolean>][] = [
    ['open: desktop (302 to the target)', () => get(path, agents.desktop, 302)],
    ['open: iPhone (app page)', () => get(path, agents.iphone, 200)],
    ['open: WhatsApp preview', () => get(path, agents.whatsapp, 200)],
    ['open: unknown code (404)', () => get('/l/ZZZZZZZZZZ', agents.desktop, 404)],
    ['createAppLink, existing link', () => createAppLink(inviterId).then((link) => new URL(link).pathname === path)],
  ];
  const baseline: () => Promise<boolean> = () => get('/images/demo-inviter.svg', agents.desktop, 200);

  // Warm-up: start the functions' workers so that cold starts do not count.
  for (const [, one] of scenarios) await concurrently(Array.from({ length: warmUpCalls }, () => one));

  console.log(
    `\nShort-link benchmark on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.log(
    `Local stack: Hosting and Functions emulators (at most ${stack.functionsMaxWorkers} workers per function), Node Firestore emulator`,
  );
  console.log('Baseline: Hosting serving a static file (what a link costs with no function behind it)\n');
  console.log(tableHeader);
  let opens = 0;
  for (const n of sizes) {
    const base = summarize(await measure(n, baseline));
    console.log(tableRow('baseline: static file', n, base, null));
    for (const [name, one] of scenarios) {
      const summary = summarize(await measure(n, one));
      if (name.startsWith('open:') && !name.includes('unknown')) opens += summary.calls - summary.failures;
      console.log(tableRow(name, n, summary, base));
    }
  }
  const counted = ((await adminDb.collection('_appLinks').doc(code).get()).data()?.opens as number) - opensBefore;
  const warmUpOpens = warmUpCalls * 3;
  console.log(`\nOpens counted by the link: ${counted} of ${opens + warmUpOpens} successful opens (warm-up included).`);
  console.log('\nAnswer sizes:');
  console.log(`  desktop redirect   ${await answerSize(path, agents.desktop)}`);
  console.log(`  iPhone page        ${await answerSize(path, agents.iphone)}`);
  console.log(`  WhatsApp preview   ${await answerSize(path, agents.whatsapp)}`);
  console.log(`  404 page           ${await answerSize('/l/ZZZZZZZZZZ', agents.iphone)}`);
} finally {
  await running.stop();
}
process.exit(0);
