/**
 * Reading an invite card back as pixels (decoded by Skia, as the card was drawn), and pictures
 * to put on it, good and hostile: what the card tests and the card benchmark share.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { cardColours, portraitBox } from '../src/invite-cards/domain/card-layout.js';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** An image's (JPEG, PNG) RGBA pixels, row by row. */
export async function pixelsOf(image: Uint8Array): Promise<Pixels> {
  const decoded = await loadImage(Buffer.from(image));
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext('2d');
  context.drawImage(decoded, 0, 0);
  const { data } = context.getImageData(0, 0, decoded.width, decoded.height);
  return { width: decoded.width, height: decoded.height, data };
}

/** The RGB colour at (x, y). */
export function colourAt({ width, data }: Pixels, x: number, y: number): [number, number, number] {
  const at = (Math.round(y) * width + Math.round(x)) * 4;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

/** Whether two colours are within `tolerance` on each channel (a JPEG moves them a little). */
export function near(a: readonly number[], b: readonly number[], tolerance = 24): boolean {
  return a.every((value, i) => Math.abs(value - (b[i] ?? 0)) <= tolerance);
}

/** `#rrggbb` as RGB. */
export function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [value >> 16, (value >> 8) & 255, value & 255];
}

/** How many pixels of the rectangle are ink: darker than `threshold` on some channel. */
export function inkIn(pixels: Pixels, x0: number, y0: number, x1: number, y1: number, threshold = 160): number {
  let ink = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (colourAt(pixels, x, y).some((value) => value < threshold)) ink++;
  return ink;
}

/**
 * A 640x640 photo-like JPEG: coloured bands and fine detail, as hard for the card's encoder as a
 * busy portrait (a seeded pattern: the same bytes on every run).
 */
export async function photoLikePicture(): Promise<Buffer> {
  const canvas = createCanvas(640, 640);
  const context = canvas.getContext('2d');
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const gradient = context.createLinearGradient(0, 0, 640, 640);
  gradient.addColorStop(0, '#2e7d32');
  gradient.addColorStop(1, '#f9a825');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 640, 640);
  for (let i = 0; i < 4000; i++) {
    context.fillStyle = `hsl(${Math.floor(random() * 360)}, 60%, ${Math.floor(20 + random() * 60)}%)`;
    context.fillRect(random() * 640, random() * 640, 2 + random() * 14, 2 + random() * 14);
  }
  return canvas.encode('jpeg', 92);
}

/** Whether the card's circle holds the brand's colour (her initials) rather than a picture, near its rim. */
export function showsInitials(pixels: Pixels, cx: number = portraitBox.cx): boolean {
  return near(colourAt(pixels, cx, portraitBox.cy - portraitBox.radius + 12), rgb(cardColours.brand));
}

/** A PNG of one colour, `size` pixels square: a picture the card draws. */
export async function plainPicture(colour: string, size = 256): Promise<Buffer> {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, size, size);
  return canvas.encode('png');
}

/**
 * A decompression bomb: a black PNG whose header says `width` x `height` (12000x12000 is about
 * 410 KB of file and 550 MiB of pixels once decoded). Its rows are deflated as a stream, so
 * making it never holds the pixels either.
 */
export async function pictureBomb(width: number, height: number): Promise<Buffer> {
  // Rows of filter byte 0 then RGB black: all zeros, so one buffer of whole rows serves each chunk.
  const rowBytes = 1 + width * 3;
  const rowsAChunk = Math.max(1, Math.floor((1 << 20) / rowBytes));
  const chunkOfRows = Buffer.alloc(rowBytes * rowsAChunk);
  const rows = Readable.from(
    (function* () {
      for (let y = 0; y < height; y += rowsAChunk)
        yield chunkOfRows.subarray(0, rowBytes * Math.min(rowsAChunk, height - y));
    })(),
  );
  const deflated: Buffer[] = [];
  await pipeline(rows, createDeflate({ level: 9 }), async function (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) deflated.push(chunk);
  });
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, deflate, no filter choice, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(deflated)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
