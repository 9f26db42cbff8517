import { toString as qrCodeString } from 'qrcode';

/**
 * Error correction M (about 15% of the symbol may be lost: a printed code that is creased or
 * smudged still scans, while the symbol stays small) and the quiet zone of 4 modules the QR
 * specification asks for, white, so that the code scans on any background. No fixed size: the
 * SVG scales to wherever it is placed.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return qrCodeString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
