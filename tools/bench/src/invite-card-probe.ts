/**
 * One fresh process of the invite card benchmark (invite-card.ts runs it): loads one renderer,
 * draws a first card, then warm cards, and prints its figures as one line of JSON.
 *   node --import tsx tools/bench/src/invite-card-probe.ts napi-rs-canvas|satori-resvg|none PICTURE.jpg
 * (`none` loads nothing: the process's own memory, for scale.)
 */
import { readFileSync } from 'node:fs';
import { renderers, type Format, type RendererName } from './invite-card-renderers.js';
import { median } from './stats.js';

const [name, picturePath] = process.argv.slice(2) as [RendererName | 'none', string];
if (name === 'none') {
  console.log(JSON.stringify({ renderer: name, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}
if (!(name in renderers)) throw new Error(`no renderer ${name}: one of ${Object.keys(renderers).join(', ')}`);
/** The inviter's picture (invite-card.ts makes it): read, not decoded, as a function would get it. */
const picture = readFileSync(picturePath);

/** The cards: one a script, the long name (ellipsis) and the mirrored pseudo-locale. */
const benchCards = [
  { id: 'en', name: 'Asha Verma', language: 'en' },
  { id: 'hi', name: 'क्षितिज श्रीवास्तव', language: 'hi' },
  { id: 'bn', name: 'সৌমিত্র চট্টোপাধ্যায়', language: 'bn' },
  { id: 'ta', name: 'கார்த்திகேயன் சுப்பிரமணியம்', language: 'ta' },
  { id: 'te', name: 'శ్రీనివాస్ రెడ్డి', language: 'te' },
  {
    id: 'long',
    name: 'Venkata Lakshmi Narasimha Subrahmanya Satyanarayana Murthy Chakravarthy Raghavan',
    language: 'en',
  },
  { id: 'ar-XB', name: 'Asha Verma', language: 'ar-XB' },
];

const started = performance.now();
const renderer = await renderers[name]();
const load = performance.now() - started;
const format: Format = renderer.formats[0] ?? 'png';

const time = async (draw: () => Promise<Buffer>) => {
  const start = performance.now();
  const bytes = await draw();
  return { ms: performance.now() - start, bytes: bytes.length };
};
const first = await time(() => renderer.draw({ name: 'आशा वर्मा', language: 'hi' }, format));
const warm = [];
for (let i = 0; i < 20; i++)
  warm.push((await time(() => renderer.draw({ name: `Asha Verma ${i}`, language: 'hi' }, format))).ms);
const photo = [];
for (let i = 0; i < 10; i++)
  photo.push(await time(() => renderer.draw({ name: `Asha ${i}`, language: 'en', picture }, format)));
const png = [];
if (format !== 'png' && renderer.formats.includes('png'))
  for (let i = 0; i < 10; i++)
    png.push((await time(() => renderer.draw({ name: `Asha ${i}`, language: 'hi' }, 'png'))).ms);
const bytes: Record<string, Record<string, number>> = {};
for (const card of benchCards)
  for (const each of renderer.formats) {
    bytes[each] ??= {};
    bytes[each][card.id] = (await renderer.draw(card, each)).length;
  }
for (const each of renderer.formats)
  (bytes[each] ??= {})['en-picture'] = (
    await renderer.draw({ name: 'Asha Verma', language: 'en', picture }, each)
  ).length;
console.log(
  JSON.stringify({
    renderer: name,
    format,
    load,
    first: first.ms,
    warm: median(warm),
    warmPicture: median(photo.map((p) => p.ms)),
    warmPng: png.length > 0 ? median(png) : undefined,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    bytes,
  }),
);
