/**
 * The invite card drawn with Skia (@napi-rs/canvas), as a JPEG: the scene of
 * domain/card-scene.ts, the inviter's picture cut to its circle, or her initials where she has
 * none or it cannot be read. Text is shaped by Skia's HarfBuzz, as Chromium shapes it
 * (functions/test/unit/invite-card-shaping.test.ts compares the two).
 */
import { createCanvas, loadImage, Path2D, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import { productLogo } from '@dayfocus/contracts/brand';
import { CARD_HEIGHT, CARD_WIDTH } from '../domain/card-layout.js';
import { cardWords, inviteCardScene, type CardScene, type TextRun } from '../domain/card-scene.js';
import { cardFont, registerCardFonts } from './card-fonts.js';
import { cardLocale } from './card-language.js';

export interface InviteCardRequest {
  name: string;
  /** A language file's code (`hi`, `ar-XB`); English for one that names none. */
  language: string;
  /** Her picture's bytes (JPEG, PNG, WebP, GIF); none, or bytes that are no picture, give her initials. */
  picture?: Uint8Array | undefined;
}

/** A card as drawn, and whether it shows the picture it was given (none given: false). */
export interface DrawnCard {
  /** The card's JPEG (a PNG when asked). */
  image: Buffer;
  showsPicture: boolean;
}

/** JPEG quality: a detailed photo makes a card of about 65 KB, text alone about 45 KB. */
const JPEG_QUALITY = 85;

/**
 * The most pixels a picture may have to be decoded: 4096x4096, 64 MiB as Skia holds it. The card
 * shows it in a 320-px circle; a camera's photo is 12-16 megapixels. Over it, a few hundred KB of
 * PNG can say 12000x12000 and decode to 550 MiB, more than the function has.
 */
const MAX_PICTURE_PIXELS = 4096 * 4096;

let scratch: SKRSContext2D | undefined;

export function measureCardText(text: string, size: number, weight: 400 | 700): number {
  registerCardFonts();
  scratch ??= createCanvas(1, 1).getContext('2d');
  scratch.font = cardFont(size, weight);
  return scratch.measureText(text).width;
}

export function inviteCardSceneFor(request: InviteCardRequest): CardScene {
  return inviteCardScene(cardWords(request.name, cardLocale(request.language)), measureCardText);
}

/** A PNG takes about four times the bytes with a picture, the same without. */
export async function drawInviteCard(request: InviteCardRequest, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return (await drawCard(request, format)).image;
}

/** The draw with a picture under way, which the next one with a picture waits for. */
let pictureTurn: Promise<unknown> = Promise.resolve();

/**
 * The card `request` asks for, and whether its picture could be shown. Cards with a picture are
 * drawn one at a time: a picture at the bound is 64 MiB decoded, and an instance takes dozens of
 * requests at once (eight together took a process to 700 MiB); one card takes tens of ms.
 */
export function drawCard(request: InviteCardRequest, format: 'jpeg' | 'png' = 'jpeg'): Promise<DrawnCard> {
  if (!request.picture || request.picture.length === 0) return draw(request, format);
  const turn = pictureTurn.then(() => draw(request, format));
  pictureTurn = turn.catch(() => undefined);
  return turn;
}

async function draw(request: InviteCardRequest, format: 'jpeg' | 'png'): Promise<DrawnCard> {
  const scene = inviteCardSceneFor(request);
  const picture = await readablePicture(request.picture);
  const canvas = createCanvas(CARD_WIDTH, CARD_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = scene.background;
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  drawLogo(context, scene.logo);
  drawPortrait(context, scene.portrait, picture);
  for (const run of scene.texts) drawText(context, run);
  context.fillStyle = scene.bar.colour;
  context.fillRect(0, scene.bar.y, CARD_WIDTH, scene.bar.height);
  const image = await (format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', JPEG_QUALITY));
  return { image, showsPicture: picture !== undefined };
}

/** The kinds of picture drawn (an SVG, which Skia would also read, says its own size and loads more). */
const PICTURE_TYPES = new Set(['jpg', 'png', 'webp', 'gif']);

/**
 * The decoded picture, or nothing when there are no bytes, they are no picture of PICTURE_TYPES,
 * or their header says more pixels than MAX_PICTURE_PIXELS (read from it before decoding).
 */
async function readablePicture(bytes: Uint8Array | undefined): Promise<Image | undefined> {
  if (!bytes || bytes.length === 0) return undefined;
  try {
    const { type = '', width = 0, height = 0 } = imageSize(bytes);
    if (!PICTURE_TYPES.has(type) || !(width > 0 && height > 0) || width * height > MAX_PICTURE_PIXELS) return undefined;
    const image = await loadImage(Buffer.from(bytes));
    return image.width > 0 && image.height > 0 ? image : undefined;
  } catch {
    return undefined;
  }
}

export function drawText(context: SKRSContext2D, run: TextRun): void {
  context.font = cardFont(run.size, run.weight);
  context.fillStyle = run.colour;
  context.direction = run.direction;
  context.textAlign = run.align;
  context.textBaseline = 'alphabetic';
  context.letterSpacing = `${run.spacing * run.size}px`;
  context.fillText(run.text, run.x, run.baseline);
  context.letterSpacing = '0px';
}

function drawLogo(context: SKRSContext2D, { x, y, size }: CardScene['logo']): void {
  const { viewBox, cornerRadius, fill, ring, tick, stroke, strokeWidth } = productLogo;
  context.save();
  context.translate(x, y);
  context.scale(size / viewBox, size / viewBox);
  context.fillStyle = fill;
  context.beginPath();
  context.roundRect(0, 0, viewBox, viewBox, cornerRadius);
  context.fill();
  context.strokeStyle = stroke;
  context.lineWidth = strokeWidth;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.beginPath();
  context.arc(ring.cx, ring.cy, ring.r, 0, 2 * Math.PI);
  context.stroke();
  context.stroke(new Path2D(tick));
  context.restore();
}

/** The ring, then the picture cut to the circle (the middle square of it, as `object-fit: cover`), or the initials. */
function drawPortrait(context: SKRSContext2D, portrait: CardScene['portrait'], picture: Image | undefined): void {
  const { cx, cy, radius, ring } = portrait;
  const circle = (r: number) => {
    context.beginPath();
    context.arc(cx, cy, r, 0, 2 * Math.PI);
  };
  context.fillStyle = portrait.ringColour;
  circle(radius + ring);
  context.fill();
  if (picture) {
    context.save();
    circle(radius);
    context.clip();
    const side = Math.min(picture.width, picture.height);
    const [sx, sy] = [(picture.width - side) / 2, (picture.height - side) / 2];
    context.drawImage(picture, sx, sy, side, side, cx - radius, cy - radius, 2 * radius, 2 * radius);
    context.restore();
    return;
  }
  context.fillStyle = portrait.fill;
  circle(radius);
  context.fill();
  if (portrait.initials.text !== '') drawText(context, portrait.initials);
}
