/**
 * Where everything sits on the invite card, the picture a link preview shows (Open Graph's
 * 1200x630): the product's mark at the top, the inviter's picture (or her initials) in a circle,
 * her name and the invitation's line beside it, a brand bar at the foot. Written left to right;
 * card-scene.ts mirrors it for a right-to-left language. Pure numbers: no font, no canvas.
 */
import { brand } from '@dayfocus/contracts/brand';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The web app's colours (the brand's, and apps/web/src/styles.css: --ink, --ink-soft). */
export const cardColours = {
  page: '#ffffff',
  brand: brand.colours.brand,
  brandTint: brand.colours.brandTint,
  ink: '#1f2937',
  inkSoft: '#4b5563',
  initials: '#ffffff',
} as const;

export interface TextBox {
  x: number;
  width: number;
  top: number;
  lineHeight: number;
  size: number;
  weight: 400 | 700;
}

/** The product's mark: the logo's square and the product's name after it. */
export const markBox = { x: 80, y: 58, size: 72 } as const;
export const productNameBox: TextBox = { x: 172, width: 400, top: 58, lineHeight: 72, size: 40, weight: 700 };

/**
 * The picture's circle and its ring. The page draws a 112-px circle with a 3-px ring and the
 * initials at 40 px, bold, 0.02em apart (styles.css, .inviter-picture and .inviter-initials): the
 * card draws the same at 320 px.
 */
const PAGE_CIRCLE = 112;
const CIRCLE = 320;
const scale = CIRCLE / PAGE_CIRCLE;
export const portraitBox = {
  cx: 270,
  cy: 352,
  radius: CIRCLE / 2,
  ring: Math.round(3 * scale),
  initialsSize: Math.round(40 * scale),
  initialsSpacing: 0.02,
} as const;

/**
 * The inviter's name: at most `maxLines` lines, bold. The name and the line under it are centred
 * together on the picture's circle (card-scene.ts): `top` is where each starts when both take two.
 */
export const nameBox: TextBox & { maxLines: number } = {
  x: 492,
  width: 628,
  top: 208,
  lineHeight: 80,
  size: 64,
  weight: 700,
  maxLines: 2,
};
export const lineBox: TextBox & { maxLines: number } = {
  x: 492,
  width: 628,
  top: 384,
  lineHeight: 56,
  size: 40,
  weight: 400,
  maxLines: 2,
};

export const LINE_GAP = 16;

export const barBox = { y: 610, height: 20 } as const;

/**
 * Noto Sans' vertical metrics (its hhea table, per em). A baseline sits where CSS puts it in a
 * line box of `lineHeight`: the font's ascent and descent centred in it.
 */
const ASCENT = 1.069;
const DESCENT = 0.293;
export function baselineIn(top: number, lineHeight: number, size: number): number {
  return top + (lineHeight - (ASCENT + DESCENT) * size) / 2 + ASCENT * size;
}
