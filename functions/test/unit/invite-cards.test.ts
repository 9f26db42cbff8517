/**
 * The invite card a link preview shows: drawn from the inviter's name, language and picture, with
 * the card's real fonts, then read back as pixels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptFaces } from '@dayfocus/contracts/fonts';
import {
  drawInviteCard,
  inviteCardSceneFor,
  measureCardText,
  type InviteCardRequest,
} from '../../src/invite-cards/adapters/card-drawer.js';
import { emojiFace } from '../../src/invite-cards/adapters/card-fonts.js';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardColours,
  nameBox,
  portraitBox,
  productLogo,
} from '../../src/invite-cards/domain/card-layout.js';
import { ELLIPSIS } from '../../src/invite-cards/domain/text-fit.js';
import { colourAt, inkIn, near, photoLikePicture, pixelsOf, rgb, type Pixels } from '../invite-cards.js';

const functionsDir = join(__dirname, '../..');

const LONG_NAME = 'Venkata Lakshmi Narasimha Subrahmanya Satyanarayana Murthy Chakravarthy Raghavan'.padEnd(80, 'x');

/** The name's line of the card: the rows of its box, and the columns from `x0` to `x1`. */
/** The rows the name's lines take on the card `request` asks for (the name is centred with the line). */
function nameBand(request: InviteCardRequest): [number, number] {
  const baselines = inviteCardSceneFor(request)
    .texts.filter((run) => run.size === nameBox.size)
    .map((run) => run.baseline);
  return [Math.min(...baselines) - nameBox.size, Math.max(...baselines) + nameBox.size * 0.3];
}

const nameInk = (pixels: Pixels, band: [number, number], x0: number, x1: number) =>
  inkIn(pixels, x0, band[0], x1, band[1]);

/** The first and last columns of ink on the name's line, outside the picture's circle about `cx`. */
function nameInkSpan(pixels: Pixels, band: [number, number], cx: number): [number, number] {
  const columns = Array.from({ length: CARD_WIDTH }, (_, x) => x).filter(
    (x) => Math.abs(x - cx) > portraitBox.radius + portraitBox.ring && nameInk(pixels, band, x, x + 1) > 0,
  );
  return [Math.min(...columns), Math.max(...columns)];
}

/** Whether the card's circle holds the brand's colour (initials) rather than a picture, near its rim. */
const circleIsBrand = (pixels: Pixels, cx: number) =>
  near(colourAt(pixels, cx, portraitBox.cy - portraitBox.radius + 12), rgb(cardColours.brand));

describe('the invite card', () => {
  it('is a 1200x630 JPEG of at most 300 KB, even with a detailed picture', async () => {
    const card = await drawInviteCard({ name: 'Asha Verma', language: 'en', picture: await photoLikePicture() });
    expect([...card.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const pixels = await pixelsOf(card);
    expect([pixels.width, pixels.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(card.length).toBeLessThanOrEqual(300 * 1024);
    expect(circleIsBrand(pixels, portraitBox.cx)).toBe(false);
  });

  it('differs for two names, and names each', async () => {
    const asha = await drawInviteCard({ name: 'Asha Verma', language: 'en' });
    const ravi = await drawInviteCard({ name: 'Ravi Kumar', language: 'en' });
    expect(Buffer.compare(asha, ravi)).not.toBe(0);
    expect(inviteCardSceneFor({ name: 'Ravi Kumar', language: 'en' }).texts.map((run) => run.text)).toContain(
      'Ravi Kumar',
    );
  });

  it('says the invitation in the language asked for: Hindi and English differ', async () => {
    const hindi = inviteCardSceneFor({ name: 'Asha Verma', language: 'hi' });
    const english = inviteCardSceneFor({ name: 'Asha Verma', language: 'en' });
    expect(hindi.texts.map((run) => run.text).join(' ')).toContain('आमंत्रित');
    expect(english.texts.map((run) => run.text).join(' ')).toContain('invited you to');
    const hi = await drawInviteCard({ name: 'Asha Verma', language: 'hi' });
    const en = await drawInviteCard({ name: 'Asha Verma', language: 'en' });
    expect(Buffer.compare(hi, en)).not.toBe(0);
  });

  it('takes English for a language no file names', () => {
    const texts = (language: string) => inviteCardSceneFor({ name: 'Asha', language }).texts.map((run) => run.text);
    expect(texts('xx')).toEqual(texts('en'));
    expect(texts('../../brand')).toEqual(texts('en'));
  });

  it('ends an 80-character name with an ellipsis, inside its box', async () => {
    expect(LONG_NAME).toHaveLength(80);
    const scene = inviteCardSceneFor({ name: LONG_NAME, language: 'en' });
    const lines = scene.texts.filter((run) => run.size === nameBox.size).map((run) => run.text);
    expect(lines).toHaveLength(nameBox.maxLines);
    expect(lines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
    expect(LONG_NAME.startsWith(lines.join(' ').slice(0, -1).trimEnd())).toBe(true);
    for (const line of lines)
      expect(measureCardText(line, nameBox.size, nameBox.weight)).toBeLessThanOrEqual(nameBox.width);
    const band = nameBand({ name: LONG_NAME, language: 'en' });
    const pixels = await pixelsOf(await drawInviteCard({ name: LONG_NAME, language: 'en' }));
    expect(nameInk(pixels, band, nameBox.x, nameBox.x + nameBox.width)).toBeGreaterThan(1000);
    expect(nameInk(pixels, band, nameBox.x + nameBox.width + 1, CARD_WIDTH)).toBe(0);
  });

  it('shows the initials on the brand colour when there is no picture', async () => {
    const pixels = await pixelsOf(await drawInviteCard({ name: 'Asha Verma', language: 'en' }));
    expect(circleIsBrand(pixels, portraitBox.cx)).toBe(true);
    // The initials' white strokes across the circle's middle.
    const { cx, cy } = portraitBox;
    const white = Array.from({ length: 200 }, (_, i) => colourAt(pixels, cx - 100 + i, cy)).filter((colour) =>
      near(colour, [255, 255, 255], 40),
    );
    expect(white.length).toBeGreaterThan(10);
    expect(inviteCardSceneFor({ name: 'Asha Verma', language: 'en' }).portrait.initials.text).toBe('AV');
  });

  it('takes the initials from the words with letters, as the page does', () => {
    const initials = (name: string) => inviteCardSceneFor({ name, language: 'hi' }).portrait.initials.text;
    expect(initials('ज्ञानेश त्रिपाठी 🙂')).toBe('ज्ञात्रि');
    expect(initials('(asha) verma')).toBe('AV');
    expect(initials('आशा वर्मा')).toBe('आव');
    expect(initials('🙂')).toBe('');
  });

  it('shows the initials when the picture cannot be read, as with none', async () => {
    const none = await drawInviteCard({ name: 'आशा वर्मा', language: 'hi' });
    for (const picture of [
      Buffer.from('<html>not a picture</html>'),
      new Uint8Array(0),
      Buffer.from([0xff, 0xd8, 0xff]),
    ])
      expect(Buffer.compare(await drawInviteCard({ name: 'आशा वर्मा', language: 'hi', picture }), none)).toBe(0);
    expect(inviteCardSceneFor({ name: 'आशा वर्मा', language: 'hi' }).portrait.initials.text).toBe('आव');
  });

  it('is mirrored for a right-to-left language: the picture and the text on the other side', async () => {
    const pixels = await pixelsOf(await drawInviteCard({ name: 'Asha Verma', language: 'ar-XB' }));
    expect(circleIsBrand(pixels, CARD_WIDTH - portraitBox.cx)).toBe(true);
    expect(circleIsBrand(pixels, portraitBox.cx)).toBe(false);
    // The name starts at the mirrored box's right edge and runs leftwards, as in English it
    // starts at the box's left edge and runs rightwards.
    const english = await pixelsOf(await drawInviteCard({ name: 'Asha Verma', language: 'en' }));
    const [ltrStart, ltrEnd] = nameInkSpan(english, nameBand({ name: 'Asha Verma', language: 'en' }), portraitBox.cx);
    const rtlBand = nameBand({ name: 'Asha Verma', language: 'ar-XB' });
    const [rtlStart, rtlEnd] = nameInkSpan(pixels, rtlBand, CARD_WIDTH - portraitBox.cx);
    expect(Math.abs(ltrStart - nameBox.x)).toBeLessThan(8);
    expect(Math.abs(rtlEnd - (CARD_WIDTH - nameBox.x))).toBeLessThan(8);
    expect(Math.abs(rtlEnd - rtlStart - (ltrEnd - ltrStart))).toBeLessThan(4);
  });

  it("draws the product's logo as apps/web/public/images/logo.svg draws it", () => {
    const svg = readFileSync(join(functionsDir, '../apps/web/public/images/logo.svg'), 'utf8');
    const { viewBox, cornerRadius, fill, ring, tick, stroke, strokeWidth } = productLogo;
    expect(svg).toContain(`viewBox="0 0 ${viewBox} ${viewBox}"`);
    expect(svg).toContain(`<rect width="${viewBox}" height="${viewBox}" rx="${cornerRadius}" fill="${fill}"/>`);
    expect(svg).toContain(`<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="${stroke}"`);
    expect(svg).toContain(`<path d="${tick}" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"`);
  });

  it('ships every face it draws with: each is a dependency of the functions package', () => {
    const manifest = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const packages = [...scriptFaces.map((face) => face.npmFiles.npmPackage), emojiFace.npmPackage];
    expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });
});
