/**
 * One picture of every page and state, from the screenshots the browser tests have just taken into
 * `.artifacts/screenshots/` (`npm run screens` runs the suites that take them, pages-*.e2e.ts,
 * short-link.e2e.ts, welcome.e2e.ts and the journey's own (package.json's `screens:run`), on the
 * current code first, into an emptied folder): per page a
 * row of the phone in English and Hindi, then the desktop in both, and the invite cards
 * (invite-card.e2e.ts), drawn by the test browser from
 * an HTML grid and saved as `docs/screenshots/contact-sheet.png`, beside a copy of every screenshot
 * (the copies of pages or states that no longer exist are removed): the docs show the present.
 *
 *   tsx apps/web/e2e/contact-sheet.ts
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@dayfocus/stack/testing';
import { launchBrowser } from '@dayfocus/stack/browser-contexts';

/** Where pages-*.e2e.ts put their screenshots (support/app.ts, SCREENSHOT_DIR). */
const SCREENSHOT_DIR = join(repoRoot, '.artifacts', 'screenshots');

const DOCS = join(repoRoot, 'docs', 'screenshots');
const OUT = join(DOCS, 'contact-sheet.png');
const SHOTS = ['en-phone', 'hi-phone', 'en-desktop', 'hi-desktop'] as const;
/** Width of each picture in the sheet, by kind: phones at half size, desktops at a quarter. */
const WIDTH = { phone: 195, desktop: 320 } as const;

/**
 * The sheet and docs/screenshots show the languages a deployment offers (apps/web/config.example.json:
 * English and Hindi). The local stack's drafts and pseudo-locales are screenshot too, by the same
 * suite: their pictures stay in .artifacts/screenshots.
 */
const languageOf = (name: string) => /-([a-z]{2,3}(?:-[A-Z]{2})?)-(?:phone|desktop)\.png$/.exec(name)?.[1];
const shown = (name: string) => {
  const code = languageOf(name);
  return code === undefined || code === 'en' || code === 'hi';
};
const files = new Set(readdirSync(SCREENSHOT_DIR).filter((name) => name.endsWith('.png') && shown(name)));
const pages = [...new Set([...files].map((name) => name.replace(/-(en|hi)-(phone|desktop)\.png$/, '')))].sort();
if (pages.length === 0)
  throw new Error(`No screenshots in ${SCREENSHOT_DIR}: run pages-*.e2e.ts first (npm run screens)`);

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const rows = pages.map((page) => {
  const cells = SHOTS.map((shot) => {
    const file = `${page}-${shot}.png`;
    const width = WIDTH[shot.endsWith('phone') ? 'phone' : 'desktop'];
    return files.has(file)
      ? `<figure><img src="${escape(file)}" width="${width}"><figcaption>${shot}</figcaption></figure>`
      : `<figure class="missing" style="width:${width}px">${shot}: none</figure>`;
  });
  return `<section><h2>${escape(page)}</h2><div class="row">${cells.join('')}</div></section>`;
});
/** The invite cards invite-card.e2e.ts saved: the pictures a chat's preview shows of an invitation. */
const cards = readdirSync(SCREENSHOT_DIR)
  .filter((name) => /^invite-card-.+\.jpg$/.test(name))
  .sort();
const cardRow = cards.map(
  (file) =>
    `<figure><img src="${escape(file)}" width="300"><figcaption>${escape(file.slice(12, -4))}</figcaption></figure>`,
);
if (cardRow.length > 0)
  rows.push(`<section><h2>Invite cards</h2><div class="row wrap">${cardRow.join('')}</div></section>`);
const html = `<!doctype html><meta charset="utf-8"><style>
  body { margin: 16px; font: 14px/1.4 sans-serif; background: #eee; color: #222; }
  section { margin-bottom: 20px; } h2 { font-size: 15px; margin: 0 0 6px; }
  .row { display: flex; gap: 12px; align-items: flex-start; } .wrap { flex-wrap: wrap; }
  figure { margin: 0; background: #fff; padding: 4px; } img { display: block; height: auto; }
  figcaption { font-size: 11px; color: #666; } .missing { color: #999; padding: 20px 4px; }
</style><h1>Dayfocus companion: every page (${new Date().toISOString().slice(0, 10)})</h1>${rows.join('')}`;
const sheet = join(SCREENSHOT_DIR, 'contact-sheet.html');
writeFileSync(sheet, html);

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1120, height: 800 } });
  await page.goto(pathToFileURL(sheet).href);
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
  mkdirSync(DOCS, { recursive: true });
  for (const old of readdirSync(DOCS)) if (/\.(png|jpg)$/.test(old)) rmSync(join(DOCS, old));
  for (const file of [...files, ...cards]) copyFileSync(join(SCREENSHOT_DIR, file), join(DOCS, file));
  await page.screenshot({ path: OUT, fullPage: true });
} finally {
  await browser.close();
}
// eslint-disable-next-line no-console -- a script: its output is for the person who ran it
console.log(`Contact sheet of ${pages.length} pages: ${OUT}, and ${files.size} screenshots beside it`);
