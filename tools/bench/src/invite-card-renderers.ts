/**
 * The invite card drawn by each renderer the benchmark compares, on the same cards: the repo's
 * own drawer (functions/src/invite-cards, Skia through @napi-rs/canvas) and satori + resvg (a
 * JSX-like tree laid out by satori into SVG, drawn to PNG by resvg). Both draw the same scene: the
 * card's texts as the repo's drawer fits them, at the same places, with the same font files
 * (satori reads no WOFF2, so the variable faces are unpacked to TrueType, and it draws their
 * default instance, Regular, for bold too; it has no colour-emoji font support).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { InviteCardRequest } from '@dayfocus/functions/invite-cards/adapters/card-drawer';
import type { CardScene } from '@dayfocus/functions/invite-cards/domain/card-scene';

export type Format = 'jpeg' | 'png';

/** A renderer, loaded: it draws a card in the formats it can make. */
export interface CardRenderer {
  formats: readonly Format[];
  draw(card: InviteCardRequest, format: Format): Promise<Buffer>;
}

/** The repo's drawer: importing it and registering its faces is its load. */
async function skia(): Promise<CardRenderer> {
  const { drawInviteCard } = await import('@dayfocus/functions/invite-cards/adapters/card-drawer');
  const { registerCardFonts } = await import('@dayfocus/functions/invite-cards/adapters/card-fonts');
  registerCardFonts();
  return { formats: ['jpeg', 'png'], draw: (card, format) => drawInviteCard(card, format) };
}

/** A satori element: what JSX makes, written out. */
interface Element {
  type: string;
  props: { style?: Record<string, unknown>; src?: string; children?: (Element | string)[] | string };
}
const box = (style: Record<string, unknown>, children?: Element['props']['children']): Element => ({
  type: 'div',
  props: { style: { position: 'absolute', display: 'flex', ...style }, ...(children ? { children } : {}) },
});

/** Noto Sans' ascent per em (card-layout.ts): a text's box top above its baseline. */
const ASCENT = 1.069;

/** The card's faces as satori takes them: TrueType (the WOFF2 ones unpacked), by weight; no emoji face. */
async function satoriFonts() {
  const { cardFontFiles, emojiFace } = await import('@dayfocus/functions/invite-cards/adapters/card-fonts');
  const require = createRequire(import.meta.url);
  const { decompress } = require('wawoff2') as { decompress(data: Buffer): Promise<Uint8Array> };
  const fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] = [];
  for (const { family, path } of cardFontFiles().filter((file) => file.family !== emojiFace.family)) {
    const bytes = readFileSync(path);
    const variable = path.endsWith('.woff2');
    const data = variable ? Buffer.from(await decompress(bytes)) : bytes;
    const weights = variable ? ([400, 700] as const) : /700|Bold/.test(path) ? ([700] as const) : ([400] as const);
    for (const weight of weights) fonts.push({ name: family, data, weight, style: 'normal' });
  }
  return fonts;
}

const image = (src: string, style: Record<string, unknown>): Element => ({
  type: 'img',
  props: { src, style: { position: 'absolute', ...style } },
});

/** The scene as satori's tree: every part absolutely placed where the repo's drawer puts it. */
function satoriTree(scene: CardScene, picture: Uint8Array | undefined, logo: string, families: string): Element {
  const { cx, cy, radius, ring, initials } = scene.portrait;
  const circle = (r: number) => ({ left: cx - r, top: cy - r, width: 2 * r, height: 2 * r, borderRadius: r });
  const portrait = picture
    ? image(`data:image/jpeg;base64,${Buffer.from(picture).toString('base64')}`, {
        objectFit: 'cover',
        ...circle(radius),
      })
    : box(
        {
          ...circle(radius),
          backgroundColor: scene.portrait.fill,
          color: initials.colour,
          fontSize: initials.size,
          fontWeight: 700,
          alignItems: 'center',
          justifyContent: 'center',
          letterSpacing: `${initials.spacing}em`,
        },
        initials.text,
      );
  const texts = scene.texts.map((run) =>
    box(
      {
        top: run.baseline - ASCENT * run.size,
        ...(run.direction === 'rtl' ? { right: 1200 - run.x } : { left: run.x }),
        fontSize: run.size,
        fontWeight: run.weight,
        color: run.colour,
        whiteSpace: 'nowrap',
      },
      run.text,
    ),
  );
  const { logo: square, bar } = scene;
  return box(
    { position: 'relative', width: 1200, height: 630, backgroundColor: scene.background, fontFamily: families },
    [
      image(logo, { left: square.x, top: square.y, width: square.size, height: square.size }),
      box({ ...circle(radius + ring), backgroundColor: scene.portrait.ringColour }),
      portrait,
      ...texts,
      box({ left: 0, top: bar.y, width: 1200, height: bar.height, backgroundColor: bar.colour }),
    ],
  );
}

/** satori + resvg: importing both and making the fonts ready is its load. */
async function satoriResvg(): Promise<CardRenderer> {
  const { default: satori } = await import('satori');
  const { Resvg } = await import('@resvg/resvg-js');
  const { cardFamilies } = await import('@dayfocus/functions/invite-cards/adapters/card-fonts');
  const { inviteCardSceneFor } = await import('@dayfocus/functions/invite-cards/adapters/card-drawer');
  const fonts = await satoriFonts();
  const { logoSvg } = await import('@dayfocus/contracts/brand');
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg()).toString('base64')}`;
  const draw = async (card: InviteCardRequest): Promise<Buffer> => {
    const tree = satoriTree(inviteCardSceneFor(card), card.picture, logo, cardFamilies.join(', '));
    const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: 1200, height: 630, fonts });
    return new Resvg(svg).render().asPng();
  };
  return { formats: ['png'], draw };
}

export const renderers = { 'napi-rs-canvas': skia, 'satori-resvg': satoriResvg } as const;
export type RendererName = keyof typeof renderers;
