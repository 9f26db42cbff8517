/**
 * What drawing the invite card costs (docs/invite-card.md), with the repo's drawer
 * (functions/src/invite-cards: Skia through @napi-rs/canvas, JPEG) next to satori + resvg (PNG,
 * resvg's only output) on the same cards with the same font files. Each renderer runs in fresh
 * Node processes (src/invite-card-probe.ts), one after another, ROUNDS times:
 *
 * - load: importing the renderer and making its fonts ready (the card's first draw in a cold
 *   instance pays it);
 * - first card: the first card of the process (Hindi, initials), after the load;
 * - warm card: the median of 20, a new name each time (so that no cache helps);
 * - warm card with a picture: the median of 10, the picture decoded each time;
 * - warm card as PNG: the median of 10 (satori + resvg make PNG alone: the like-for-like figure);
 * - peak RSS of the process, next to a process that loads nothing;
 * - the bytes of each card.
 *
 *   tsx tools/bench/invite-card.ts      INVITE_CARD_ROUNDS=5   (no stack, no build needed)
 *
 * Prints Markdown tables and writes .artifacts/invite-card.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { repoRoot } from '@dayfocus/stack/settings';
import { median } from './src/stats.js';

const rounds = Number(process.env.INVITE_CARD_ROUNDS ?? 5);
const artifacts = join(repoRoot, '.artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * The inviter's picture: a 640x640 JPEG cut from the top of the repository's contact sheet of the
 * pages (docs/screenshots), detailed, so about the worst a card's bytes get.
 */
async function benchPicture(): Promise<string> {
  const sheet = await loadImage(readFileSync(join(repoRoot, 'docs/screenshots/contact-sheet.png')));
  const canvas = createCanvas(640, 640);
  canvas.getContext('2d').drawImage(sheet, 0, 0, 640, 640, 0, 0, 640, 640);
  const path = join(artifacts, 'invite-card-picture.jpg');
  writeFileSync(path, await canvas.encode('jpeg', 90));
  return path;
}

interface Probe {
  renderer: string;
  format: string;
  load: number;
  first: number;
  warm: number;
  warmPicture: number;
  /** A warm card as PNG, for a renderer whose own format is another. */
  warmPng?: number;
  maxRssMb: number;
  bytes: Record<string, Record<string, number>>;
}

const picture = await benchPicture();
const probe = (renderer: string): Probe =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'src/invite-card-probe.ts'), renderer, picture],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    ),
  ) as Probe;

const names = ['napi-rs-canvas', 'satori-resvg'] as const;
const loadBefore = loadavg();
const runs: Record<string, Probe[]> = { none: [], 'napi-rs-canvas': [], 'satori-resvg': [] };
for (let round = 0; round < rounds; round++) for (const name of ['none', ...names]) runs[name]?.push(probe(name));
const loadAfter = loadavg();

const figure = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const column = (name: string, pick: (probe: Probe) => number, digits = 0) =>
  figure((runs[name] ?? []).map(pick), digits);

console.log(
  `\nInvite card: ${rounds} rounds of fresh Node ${process.version} processes; medians (min–max); load average ${loadBefore
    .map((n) => n.toFixed(2))
    .join(' ')} before, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} after\n`,
);
console.log(`| figure | ${names.map((name) => `${name} (${runs[name]?.[0]?.format})`).join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
const rows: [string, (probe: Probe) => number][] = [
  ['load: import + fonts ready (ms)', (p) => p.load],
  ['first card, Hindi, initials (ms)', (p) => p.first],
  ['warm card, a new name each (ms)', (p) => p.warm],
  ['warm card with a 640x640 JPEG picture (ms)', (p) => p.warmPicture],
  ['warm card as PNG, a new name each (ms)', (p) => p.warmPng ?? p.warm],
  ['peak RSS (MB)', (p) => p.maxRssMb],
];
for (const [label, pick] of rows) console.log(`| ${label} | ${names.map((name) => column(name, pick)).join(' | ')} |`);
console.log(`\nA process that loads nothing (node --import tsx): peak RSS ${column('none', (p) => p.maxRssMb)} MB.\n`);

const last = (name: string) => runs[name]?.at(-1)?.bytes ?? {};
const outputs = names.flatMap((name) => Object.keys(last(name)).map((format) => ({ name, format })));
const cards = Object.keys(last('napi-rs-canvas').jpeg ?? {});
console.log(`| card (KB) | ${outputs.map(({ name, format }) => `${name} ${format}`).join(' | ')} |`);
console.log(`|---|${outputs.map(() => '---:').join('|')}|`);
for (const card of cards)
  console.log(
    `| ${card} | ${outputs.map(({ name, format }) => ((last(name)[format]?.[card] ?? 0) / 1024).toFixed(1)).join(' | ')} |`,
  );

writeFileSync(
  join(artifacts, 'invite-card.json'),
  `${JSON.stringify({ rounds, loadBefore, loadAfter, runs }, null, 2)}\n`,
);
