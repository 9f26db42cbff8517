/**
 * The invite card's text drawn twice, by the card's drawer (Skia) and by the test browser
 * (Chromium), with the same font files, and the two compared pixel by pixel: what
 * invite-card-shaping.test.ts holds the drawer to. Each text is drawn alone, black on white, on a
 * strip of its own; both strips are cut to their ink before they are compared.
 */
import { readFileSync } from 'node:fs';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser } from 'playwright-core';
import { browserLaunchOptions } from '@dayfocus/stack';
import { scriptFaces } from '@dayfocus/contracts/fonts';
import { drawText } from '../src/invite-cards/adapters/card-drawer.js';
import { cardFamilies, emojiFace, registerCardFonts } from '../src/invite-cards/adapters/card-fonts.js';
import type { TextRun } from '../src/invite-cards/domain/card-scene.js';
import type { Pixels } from './invite-cards.js';

export const STRIP = { width: 1200, height: 140, inset: 20, baseline: 100 } as const;

/** A text to draw on a strip: what a card's TextRun says of it. */
export type StripText = Pick<TextRun, 'text' | 'size' | 'weight' | 'direction'>;

/** The run that draws `text` on its strip: from its start edge, black. */
function stripRun(text: StripText): TextRun {
  const x = text.direction === 'rtl' ? STRIP.width - STRIP.inset : STRIP.inset;
  return { ...text, x, baseline: STRIP.baseline, colour: '#000000', align: 'start', spacing: 0 };
}

function blankStrip() {
  const canvas = createCanvas(STRIP.width, STRIP.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, STRIP.width, STRIP.height);
  return { canvas, context };
}

const pixelsOfCanvas = (canvas: Canvas): Pixels => {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data };
};

/** `text` drawn by the card's drawer. */
export function skiaStrip(text: StripText): Pixels {
  registerCardFonts();
  const { canvas, context } = blankStrip();
  drawText(context, stripRun(text));
  return pixelsOfCanvas(canvas);
}

/**
 * `text` drawn wrongly on purpose, for the comparison's calibration: each code point on its own, so
 * that nothing is shaped together (no conjunct, no vowel sign placed, no emoji sequence).
 */
export function unshapedSkiaStrip(text: StripText): Pixels {
  registerCardFonts();
  const { canvas, context } = blankStrip();
  let x = STRIP.inset;
  for (const char of text.text) {
    drawText(context, { ...stripRun({ ...text, direction: 'ltr' }), text: char, x });
    x += context.measureText(char).width;
  }
  return pixelsOfCanvas(canvas);
}

/** The @font-face rules of the card's faces, each file served from `/font/{index}`. */
function fontFaces(): { css: string; files: string[] } {
  const files: string[] = [];
  const rules: string[] = [];
  const face = (family: string, path: string, weight: string) => {
    files.push(path);
    rules.push(`@font-face { font-family: '${family}'; src: url(/font/${files.length - 1}); font-weight: ${weight}; }`);
  };
  for (const { family, npmFiles } of scriptFaces) {
    const [regular, bold] = [npmFiles.regular, npmFiles.bold].map((file) =>
      require.resolve(`${npmFiles.npmPackage}/${file}`),
    );
    if (regular === bold) face(family, regular ?? '', '100 900');
    else {
      face(family, regular ?? '', '400');
      face(family, bold ?? '', '700');
    }
  }
  face(emojiFace.family, require.resolve(`${emojiFace.npmPackage}/${emojiFace.file}`), '400');
  return { css: rules.join('\n'), files };
}

export async function launchShapingBrowser(): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions());
}

/** Every text drawn by the browser, each on its strip, the strips one under the other. */
export async function browserStrips(browser: Browser, texts: readonly StripText[]): Promise<Pixels[]> {
  const { css, files } = fontFaces();
  const page = await browser.newPage({
    viewport: { width: STRIP.width, height: STRIP.height * texts.length },
    deviceScaleFactor: 1,
  });
  await page.route('http://card.test/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const font = /^\/font\/(\d+)$/.exec(path);
    if (font) return route.fulfill({ body: readFileSync(files[Number(font[1])] ?? ''), contentType: 'font/ttf' });
    const strips = texts.map((text, i) => {
      const side = text.direction === 'rtl' ? 'right' : 'left';
      // Noto Sans' ascent (1.069 em) above the baseline, as the card's layout places it.
      const top = i * STRIP.height + STRIP.baseline - 1.069 * text.size;
      const style = `top:${top}px;${side}:${STRIP.inset}px;font-size:${text.size}px;font-weight:${text.weight}`;
      return `<div dir="${text.direction}" style="${style}">${escape(text.text)}</div>`;
    });
    const families = cardFamilies.map((family) => `'${family}'`).join(', ');
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><style>${css}
        body { margin: 0; background: #fff; color: #000; font-family: ${families}; }
        div { position: absolute; white-space: pre; }</style></head><body>${strips.join('')}</body></html>`,
    });
  });
  await page.goto('http://card.test/');
  // Written as a string: this package's types have no DOM. Every face must have loaded.
  const failed = await page.evaluate(
    `document.fonts.ready.then(() => [...document.fonts].filter((face) => face.status === 'error').length)`,
  );
  if (failed !== 0) throw new Error(`${String(failed)} of the card's faces did not load in the browser`);
  const shot = await page.screenshot({ type: 'png' });
  await page.close();
  const { pixelsOf } = await import('./invite-cards.js');
  const whole = await pixelsOf(shot);
  return texts.map((_, i) => crop(whole, 0, i * STRIP.height, STRIP.width, STRIP.height));
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The rectangle of `pixels` from (x, y), `width` by `height` (white outside the image). */
export function crop(pixels: Pixels, x: number, y: number, width: number, height: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  // Row by row, the columns inside the image in one copy: the comparison crops thousands of times.
  const [first, last] = [Math.max(0, -x), Math.min(width, pixels.width - x)];
  if (first >= last) return { width, height, data };
  for (let row = Math.max(0, -y); row < height && y + row < pixels.height; row++) {
    const from = ((y + row) * pixels.width + x + first) * 4;
    data.set(pixels.data.subarray(from, from + (last - first) * 4), (row * width + first) * 4);
  }
  return { width, height, data };
}

/**
 * Whether the pixel at byte offset `at` is ink: a channel well below white, so that an emoji's
 * colours count as much as black letters.
 */
const isInk = (data: Uint8ClampedArray, at: number) =>
  Math.min(data[at] ?? 255, data[at + 1] ?? 255, data[at + 2] ?? 255) < 200;

/** `pixels` cut to the box of its ink (a 1-px white strip when it has none). */
export function trimmed(pixels: Pixels): Pixels {
  let [left, top, right, bottom] = [pixels.width, pixels.height, -1, -1];
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++)
      if (isInk(pixels.data, (y * pixels.width + x) * 4)) {
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
  return right < 0 ? crop(pixels, 0, 0, 1, 1) : crop(pixels, left, top, right - left + 1, bottom - top + 1);
}

/** How far a text drawn by Skia differs from the browser's: shares of the ink, in %. */
export interface ShapingDifference {
  /** Mismatched pixels over every tile, as a share of the ink in either strip. */
  tiled: number;
  /** The tile with the largest share of its own ink mismatched. */
  worstTile: number;
}

export const TILE = { width: 48, shiftX: 6, shiftY: 3, minInk: 100 } as const;

/**
 * The difference of `skia` from `browser`, tile by tile: the browser's ink cut into 48-px columns,
 * each matched against Skia's at its best offset within 6 px across and 3 px down (the browser
 * places glyphs on whole pixels, Skia at fractions, so a long line drifts by a pixel or two that
 * nobody sees), mismatches counted by pixelmatch (threshold 0.1, anti-aliasing not counted).
 */
export function shapingDifference(browser: Pixels, skia: Pixels): ShapingDifference {
  const [a, b] = [trimmed(browser), trimmed(skia)];
  const height = Math.max(a.height, b.height);
  const width = Math.max(a.width, b.width);
  let [mismatched, ink, worstTile] = [0, 0, 0];
  for (let x = 0; x < width; x += TILE.width) {
    const reference = crop(a, x, 0, TILE.width, height);
    let best = Number.POSITIVE_INFINITY;
    let tileInk = 0;
    for (let dx = -TILE.shiftX; dx <= TILE.shiftX; dx++)
      for (let dy = -TILE.shiftY; dy <= TILE.shiftY; dy++) {
        const candidate = crop(b, x + dx, dy, TILE.width, height);
        const found = pixelmatch(reference.data, candidate.data, undefined, TILE.width, height, { threshold: 0.1 });
        if (found < best) [best, tileInk] = [found, inkCount(reference, candidate)];
      }
    mismatched += best;
    ink += tileInk;
    if (tileInk >= TILE.minInk) worstTile = Math.max(worstTile, (100 * best) / tileInk);
  }
  return { tiled: ink === 0 ? 0 : (100 * mismatched) / ink, worstTile };
}

/** The pixels that are ink in either image. */
function inkCount(a: Pixels, b: Pixels): number {
  let count = 0;
  for (let at = 0; at < a.data.length; at += 4) if (isInk(a.data, at) || isInk(b.data, at)) count++;
  return count;
}
