/**
 * Reading an invite card back as pixels (decoded by Skia, as the card was drawn), and a picture
 * to put on it: what the card tests and the card benchmark share.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

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
