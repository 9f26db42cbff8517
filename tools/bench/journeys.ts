/**
 * The tryout's five journeys (src/journeys-run.ts), each made once as a person on a cheap phone
 * on Slow 3G makes it (src/journey-person.ts), after an uncounted warm-up without throttling that
 * wakes the functions. Prints each journey's taps, keys, screens, switches between apps, seconds,
 * and whether the store got the sign-in for the app; then the totals, the figures the tryout
 * wrote down for the same journeys. Writes .artifacts/journeys.json. Fails when a step's state
 * never comes. Needs the local stack and a web build:
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/journeys.ts
 *   JOURNEYS=J1,J4 (default all)  JOURNEY_WARMUP=0 (no warm-up)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@dayfocus/stack';
import type { Browser } from 'playwright-core';
import { Person, type Tally } from './src/journey-person.js';
import { journeys, type JourneyName } from './src/journeys-run.js';
import { withPhoneBrowser } from './src/slow-phone.js';

const chosen = (process.env.JOURNEYS?.split(',') ?? Object.keys(journeys)) as JourneyName[];
for (const name of chosen)
  if (!(name in journeys)) throw new Error(`No journey ${name}: ${Object.keys(journeys).join(', ')}`);

async function measure(browser: Browser): Promise<[JourneyName, Tally][]> {
  if (process.env.JOURNEY_WARMUP !== '0') await journeys.J1(new Person(browser, false));
  const tallies: [JourneyName, Tally][] = [];
  for (const name of chosen) {
    const tally = await journeys[name](new Person(browser, true));
    console.log(`${name}: ${tally.seconds.toFixed(0)} s`);
    tallies.push([name, tally]);
  }
  return tallies;
}

const tallies = await withPhoneBrowser(measure);
const sum = (pick: (tally: Tally) => number) => tallies.reduce((total, [, tally]) => total + pick(tally), 0);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
console.log('\nThe journeys on Slow 3G and a 6x slower CPU, one run each\n');
console.log(row(['journey', 'taps', 'keys', 'screens', 'switches', 'seconds', 'signed in at the store']));
console.log(row(['---', '---', '---', '---', '---', '---', '---']));
for (const [name, t] of tallies)
  console.log(
    row([name, t.taps, t.keys, t.screens, t.switches, t.seconds.toFixed(0), t.signedInAtStore ? 'yes' : 'no']),
  );
const signedIn = tallies.filter(([, tally]) => tally.signedInAtStore).length;
console.log(
  row([
    'all',
    sum((t) => t.taps),
    sum((t) => t.keys),
    sum((t) => t.screens),
    sum((t) => t.switches),
    sum((t) => t.seconds).toFixed(0),
    `${signedIn} of ${tallies.length}`,
  ]),
);
const out = join(repoRoot, '.artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'journeys.json'), `${JSON.stringify(Object.fromEntries(tallies), null, 2)}\n`);
console.log('\nWritten to .artifacts/journeys.json.');
process.exit(0);
