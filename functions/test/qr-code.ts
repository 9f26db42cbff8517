/**
 * Reading a QR code back as a phone's camera would: the SVG drawn to pixels (resvg) and the
 * pixels decoded (jsQR), so a test checks what the code says, not how the SVG is written.
 */
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';

/** The SVG drawn `width` pixels wide on white, as if printed: RGBA pixels, row by row. */
export function drawSvg(svg: string, width = 400) {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: 'white' }).render();
  const pixels = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.length);
  return { pixels, width: image.width, height: image.height };
}

/** The text the QR code in `svg` encodes, or null when no code can be read from it. */
export function decodeQrSvg(svg: string): string | null {
  const { pixels, width, height } = drawSvg(svg);
  return jsQR(pixels, width, height)?.data ?? null;
}
