/**
 * The invite card's share of a cold start (invite-card-serving.ts prints it): fresh Node processes
 * load the built functions' entry (functions/lib/index.js, what a deploy runs), as every function's
 * instance does, and some of them then draw a first card, as a cold `inviteCard` does: the
 * drawer imported as composition/wiring/invite-cards.ts imports it (a dynamic import, Skia and the
 * fonts with it), then the card. Plain `node`, no tsx, so that nothing but the functions' code is loaded.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@dayfocus/stack/settings';

const entryPath = join(repoRoot, 'functions', 'lib', 'index.js');
const drawerUrl = pathToFileURL(join(repoRoot, 'functions', 'lib', 'invite-cards', 'adapters', 'card-drawer.js')).href;

/** What one fresh process measured. */
export interface ColdStart {
  /** Requiring the functions' entry (ms). */
  entry: number;
  /** Modules of `@napi-rs/canvas` in `require.cache` once the entry is loaded. */
  canvasModulesAfterEntry: number;
  /** Whether Skia's binary was mapped into the process once the entry was loaded. */
  skiaMappedAfterEntry: boolean;
  /** The process's resident memory once the entry was loaded (MB). */
  rssAfterEntry: number;
  /** With a card: importing the drawer (ms). */
  drawer?: number;
  /** With a card: the first card, Hindi, initials (ms): the fonts registered, the scene fitted, a JPEG. */
  first?: number;
  /** With a card: the median of 10 warm cards, a new name each (ms). */
  warm?: number;
  /** With a card: modules of `@napi-rs/canvas` in `require.cache` after it (the probe's own check). */
  canvasModulesAfterCard?: number;
  /** With a card: resident memory after the warm cards (MB). */
  rssAfterCard?: number;
  /** The whole process as this process saw it, start to exit (ms). */
  process: number;
}

const probe = (withCard: boolean) => `
const t0 = performance.now();
require(${JSON.stringify(entryPath)});
const t1 = performance.now();
const canvasModules = () => Object.keys(require.cache).filter((key) => key.includes('@napi-rs')).length;
const mb = () => process.memoryUsage().rss / 1048576;
const afterEntry = {
  entry: t1 - t0,
  canvasModulesAfterEntry: canvasModules(),
  skiaMappedAfterEntry: require('node:fs').readFileSync('/proc/self/maps', 'utf8').includes('skia.'),
  rssAfterEntry: mb(),
};
if (!${withCard}) console.log(JSON.stringify(afterEntry));
else import(${JSON.stringify(drawerUrl)}).then(async ({ drawInviteCard }) => {
  const t2 = performance.now();
  await drawInviteCard({ name: 'आशा वर्मा', language: 'hi' });
  const t3 = performance.now();
  const warm = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await drawInviteCard({ name: 'Asha Verma ' + i, language: 'hi' });
    warm.push(performance.now() - started);
  }
  warm.sort((a, b) => a - b);
  console.log(JSON.stringify({ ...afterEntry, drawer: t2 - t1, first: t3 - t2, warm: (warm[4] + warm[5]) / 2,
    canvasModulesAfterCard: canvasModules(), rssAfterCard: mb() }));
});`;

/** One fresh process: the entry alone, or the entry and a first card. */
function coldStart(withCard: boolean): ColdStart {
  const started = performance.now();
  const out = execFileSync(process.execPath, ['-e', probe(withCard)], { cwd: repoRoot, encoding: 'utf8' });
  const measured = JSON.parse(out) as Omit<ColdStart, 'process'>;
  return { ...measured, process: performance.now() - started };
}

/** `count` processes of each kind, alternately, so that a busy moment weighs on both alike. */
export function coldStarts(count: number): { entryOnly: ColdStart[]; withCard: ColdStart[] } {
  const entryOnly: ColdStart[] = [];
  const withCard: ColdStart[] = [];
  for (let i = 0; i < count; i++) {
    entryOnly.push(coldStart(false));
    withCard.push(coldStart(true));
  }
  return { entryOnly, withCard };
}
