/**
 * The invite card's fonts: each script's face of @dayfocus/contracts/fonts (the files its rows
 * name) and Noto Color Emoji, as Android draws an emoji, all dependencies of this package and read
 * from node_modules, so they ship with the deployed function. Registered with Skia once, under
 * their families' names: a font string that lists every family lets Skia take each letter from
 * the first face that has it.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { scriptFaces } from '@dayfocus/contracts/fonts';

/** The colour emoji face: the one face of the card that draws no script of the language files. */
export const emojiFace = {
  family: 'Noto Color Emoji',
  npmPackage: '@expo-google-fonts/noto-color-emoji',
  file: '400Regular/NotoColorEmoji_400Regular.ttf',
} as const;

/** A face's file to register, under the family the card's font string names. */
export interface CardFontFile {
  family: string;
  path: string;
}

/** Every file the card draws with, from its package's folder, each weight's once. */
export function cardFontFiles(): CardFontFile[] {
  const files = scriptFaces.flatMap(({ family, npmFiles: { npmPackage, regular, bold } }) =>
    [...new Set([regular, bold])].map((file) => ({ family, path: require.resolve(`${npmPackage}/${file}`) })),
  );
  const emoji = { family: emojiFace.family, path: require.resolve(`${emojiFace.npmPackage}/${emojiFace.file}`) };
  return [...files, emoji];
}

/** The card's families in the order Skia tries them: each script's face, then the emoji's. */
export const cardFamilies: readonly string[] = [...scriptFaces.map((face) => face.family), emojiFace.family];

/** A canvas font string: `weight`, `size` in px, every family of the card. */
export function cardFont(size: number, weight: 400 | 700): string {
  return `${weight} ${size}px ${cardFamilies.join(', ')}`;
}

let registered = false;

/**
 * Registers the card's faces with Skia, once per process (50-100 ms with Skia's import, the 25 MB
 * emoji face included). Throws, naming the file, when a face does not load.
 */
export function registerCardFonts(): void {
  if (registered) return;
  for (const { family, path } of cardFontFiles()) {
    if (!GlobalFonts.registerFromPath(path, family)) throw new Error(`The invite card's font ${path} did not load`);
  }
  registered = true;
}
