/**
 * The invite card a link preview shows: drawn from the inviter's name, language and picture, with
 * the card's real fonts, then read back as pixels.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptFaces } from '@dayfocus/contracts/fonts';
import { productLogo } from '@dayfocus/contracts/brand';
import {
  drawInviteCard,
  inviteCardSceneFor,
  measureCardText,
  type InviteCardRequest,
} from '../../src/invite-cards/adapters/card-drawer.js';
import { emojiFace } from '../../src/invite-cards/adapters/card-fonts.js';
import { CARD_HEIGHT, CARD_WIDTH, nameBox, portraitBox } from '../../src/invite-cards/domain/card-layout.js';
import { ELLIPSIS } from '../../src/invite-cards/domain/text-fit.js';
import {
  isPictureSource,
  LOCAL_PICTURE_SOURCES,
  PRODUCTION_PICTURE_SOURCES,
} from '../../src/invite-cards/domain/picture-sources.js';
import { pictureBytes } from '../../src/invite-cards/adapters/picture-bytes.js';
import {
  colourAt,
  inkIn,
  near,
  photoLikePicture,
  pictureBomb,
  pixelsOf,
  plainPicture,
  showsInitials,
  type Pixels,
} from '../invite-cards.js';
import { memoryLogger } from '../memory-logger.js';

const functionsDir = join(__dirname, '../..');
const run = promisify(execFile);

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

describe('the invite card', () => {
  it('is a 1200x630 JPEG of at most 300 KB, even with a detailed picture', async () => {
    const card = await drawInviteCard({ name: 'Asha Verma', language: 'en', picture: await photoLikePicture() });
    expect([...card.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const pixels = await pixelsOf(card);
    expect([pixels.width, pixels.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(card.length).toBeLessThanOrEqual(300 * 1024);
    expect(showsInitials(pixels, portraitBox.cx)).toBe(false);
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
    expect(showsInitials(pixels, portraitBox.cx)).toBe(true);
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
    expect(showsInitials(pixels, CARD_WIDTH - portraitBox.cx)).toBe(true);
    expect(showsInitials(pixels, portraitBox.cx)).toBe(false);
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

  it("draws the product's logo as the pages' top bar draws it (apps/web/src/components/logo.tsx)", () => {
    const tsx = readFileSync(join(functionsDir, '../apps/web/src/components/logo.tsx'), 'utf8');
    const { viewBox, cornerRadius, ring, tick, stroke, strokeWidth } = productLogo;
    expect(tsx).toContain(`viewBox="0 0 ${viewBox} ${viewBox}"`);
    expect(tsx).toContain(
      `<rect width="${viewBox}" height="${viewBox}" rx="${cornerRadius}" fill={brand.colours.brand} />`,
    );
    expect(tsx).toContain(`<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="${stroke}"`);
    expect(tsx).toContain(`d="${tick}"`);
    expect(tsx).toContain(`strokeWidth="${strokeWidth}"`);
  });

  it('ships every face it draws with: each is a dependency of the functions package', () => {
    const manifest = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const packages = [...scriptFaces.map((face) => face.npmFiles.npmPackage), emojiFace.npmPackage];
    expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });
});

describe("the inviter's picture", () => {
  it('is drawn as her initials when its header says more than 4096x4096, before it is decoded', async () => {
    const initials = await drawInviteCard({ name: 'Asha Verma', language: 'en' });
    for (const [width, height] of [
      [12_000, 12_000],
      [4097, 4096],
      [5000, 4000],
    ] as const) {
      const picture = await pictureBomb(width, height);
      const card = await drawInviteCard({ name: 'Asha Verma', language: 'en', picture });
      expect(Buffer.compare(card, initials), `${width}x${height}`).toBe(0);
    }
    // At the bound, drawn.
    const largest = await pictureBomb(4096, 4096);
    expect(
      showsInitials(await pixelsOf(await drawInviteCard({ name: 'Asha', language: 'en', picture: largest }))),
    ).toBe(false);
  }, 180_000); // the pictures are deflated here, hundreds of MB of rows

  it('is decoded one at a time: eight cards at once with pictures at the bound stay far under 512 MiB', async () => {
    // A process of its own, so that its peak memory is the draws' alone.
    const script = `
      const { pictureBomb } = await import(${JSON.stringify(join(functionsDir, 'test/invite-cards.ts'))});
      const { drawCard } = await import(${JSON.stringify(join(functionsDir, 'src/invite-cards/adapters/card-drawer.ts'))});
      const picture = await pictureBomb(4096, 4096);
      const cards = await Promise.all(Array.from({ length: 8 }, () => drawCard({ name: 'Asha', language: 'en', picture })));
      console.log(JSON.stringify({ shown: cards.filter((card) => card.showsPicture).length, peak: process.resourceUsage().maxRSS * 1024 }));
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: functionsDir,
    });
    const { shown, peak } = JSON.parse(stdout) as { shown: number; peak: number };
    expect(shown).toBe(8);
    expect(peak).toBeLessThan(384 * 1024 * 1024);
  }, 180_000);

  it('is drawn as her initials when it is an SVG, which says its own size', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
    );
    const initials = await drawInviteCard({ name: 'Asha Verma', language: 'en' });
    expect(Buffer.compare(await drawInviteCard({ name: 'Asha Verma', language: 'en', picture: svg }), initials)).toBe(
      0,
    );
  });

  it('is asked in production only of the picture hosts, by https on its own port, at a public address', () => {
    const production = (url: string) => isPictureSource(new URL(url), PRODUCTION_PICTURE_SOURCES);
    const asked = [
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/ProfilePictures%2Fasha%2Fa.jpg?alt=media',
      'https://storage.googleapis.com/demo.appspot.com/ProfilePictures/asha/a.jpg',
      'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
    ];
    const refused = [
      'http://firebasestorage.googleapis.com/v0/b/x/o/a.jpg',
      'https://firebasestorage.googleapis.com:8443/v0/b/x/o/a.jpg',
      'https://user:secret@lh3.googleusercontent.com/a/x',
      'https://pictures.example.com/asha.jpg',
      'https://googleusercontent.com.example.com/a.jpg',
      'https://evilgoogleusercontent.com/a.jpg',
      'https://169.254.169.254/computeMetadata/v1/',
      'https://127.0.0.1/a.jpg',
      'https://[::1]/a.jpg',
      'https://[::ffff:7f00:1]/a.jpg',
      'http://127.0.0.1:5000/a.jpg',
      'http://localhost:9199/a.jpg',
    ];
    expect(asked.filter((url) => !production(url))).toEqual([]);
    expect(refused.filter(production)).toEqual([]);
    // The local stack's own hosts, as its pages load them (invites/domain/pictures.ts), and no other.
    const local = (url: string) => isPictureSource(new URL(url), LOCAL_PICTURE_SOURCES);
    expect(
      ['http://127.0.0.1:5000/a.jpg', 'http://localhost:9199/a.jpg', ...asked].filter((url) => !local(url)),
    ).toEqual([]);
    expect(['http://127.0.0.2:5000/a.jpg', 'https://pictures.example.com/a.jpg'].filter(local)).toEqual([]);
  });
});

describe("fetching the inviter's picture", () => {
  let face: Buffer;
  let origin: string;
  let port: number;
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/face.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(face);
    if (req.url === '/part.png') return res.writeHead(206, { 'content-type': 'image/png' }).end(face.subarray(0, 64));
    // A redirect to this host under its other name, and a loop of redirects.
    if (req.url === '/by-name.png') return res.writeHead(302, { location: `http://localhost:${port}/face.png` }).end();
    if (req.url?.startsWith('/loop')) return res.writeHead(302, { location: `${req.url}x` }).end();
    res.writeHead(404).end();
  });

  beforeAll(async () => {
    face = await plainPicture('#c62828');
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('follows a redirect from one picture host to another', async () => {
    const bytes = await pictureBytes(`${origin}/by-name.png`, LOCAL_PICTURE_SOURCES, memoryLogger());
    expect(Buffer.compare(Buffer.from(bytes ?? []), face)).toBe(0);
  });

  it('connects to no loopback address in production, even by the name of a host it may ask', async () => {
    // Production's rules, with `localhost` named a picture host and plain http let through: the
    // one thing left to refuse it is where the name leads.
    const rules = { ...PRODUCTION_PICTURE_SOURCES, hosts: ['localhost'], plainHttp: true };
    const before = asked.length;
    const logger = memoryLogger();
    expect(await pictureBytes(`http://localhost:${port}/face.png`, rules, logger)).toBeUndefined();
    expect(asked.length).toBe(before);
    expect(String(logger.entries[0]?.fields?.error)).toMatch(/no public address/);
    // The same with the local stack's rules: fetched.
    expect(
      await pictureBytes(`http://localhost:${port}/face.png`, LOCAL_PICTURE_SOURCES, memoryLogger()),
    ).toBeDefined();
  });

  it('takes no part of a picture for one: only a 200 is her picture', async () => {
    expect(await pictureBytes(`${origin}/part.png`, LOCAL_PICTURE_SOURCES, memoryLogger())).toBeUndefined();
  });

  it('gives up after three redirects', async () => {
    const before = asked.length;
    expect(await pictureBytes(`${origin}/loop`, LOCAL_PICTURE_SOURCES, memoryLogger())).toBeUndefined();
    expect(asked.length - before).toBe(4);
  });
});
