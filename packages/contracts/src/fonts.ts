/**
 * The face that draws each script the language files are written in: the one list of fonts.
 * Android ships these Noto faces, so the pages load no web font. A new script is one row here:
 * `npm run lint` (scripts/check-lists.mjs) then names the stylesheet's and the test browser's
 * fonts it still lacks, and the invite card's unit tests a missing `npmFiles` dependency of
 * functions/package.json.
 */

export interface ScriptFace {
  /** The script as Unicode names it: a language file's letters match `\p{Script=…}` of one row. */
  script: string;
  family: string;
  /**
   * The face's files on the npm registry: the package, and each weight's file from its folder (a
   * variable face's one file draws both, by its `wght` axis).
   */
  npmFiles: { npmPackage: string; regular: string; bold: string };
}

/** Google Fonts' Noto Sans, static TrueType, which draws Latin and Devanagari itself. */
const notoSans = {
  npmPackage: '@expo-google-fonts/noto-sans',
  regular: '400Regular/NotoSans_400Regular.ttf',
  bold: '700Bold/NotoSans_700Bold.ttf',
};

/** Fontsource's variable face of `script` (a WOFF2 file of its letters alone, every weight). */
function fontsourceVariable(family: string, script: string): ScriptFace['npmFiles'] {
  const name = family.toLowerCase().replaceAll(' ', '-');
  const file = `files/${name}-${script.toLowerCase()}-wght-normal.woff2`;
  return { npmPackage: `@fontsource-variable/${name}`, regular: file, bold: file };
}

export const scriptFaces = [
  { script: 'Latin', family: 'Noto Sans', npmFiles: notoSans },
  { script: 'Devanagari', family: 'Noto Sans Devanagari', npmFiles: notoSans },
  { script: 'Bengali', family: 'Noto Sans Bengali', npmFiles: fontsourceVariable('Noto Sans Bengali', 'Bengali') },
  { script: 'Tamil', family: 'Noto Sans Tamil', npmFiles: fontsourceVariable('Noto Sans Tamil', 'Tamil') },
  { script: 'Telugu', family: 'Noto Sans Telugu', npmFiles: fontsourceVariable('Noto Sans Telugu', 'Telugu') },
] as const satisfies readonly ScriptFace[];

const faceFamilies: readonly string[] = scriptFaces.map((face) => face.family);

/** The platforms' own interface faces, which a font stack names before the scripts' faces. */
const platformFamilies: readonly string[] = ['system-ui', '-apple-system', 'Segoe UI', 'Roboto'];

/**
 * The whole font stack, as CSS writes it: the platforms' faces, each script's face, then the
 * generic family. No name is quoted (each is a run of CSS identifiers, which is valid unquoted), so
 * a mail's `style` attribute takes it as it is, with nothing to escape.
 */
export const fontStack: string = [...platformFamilies, ...faceFamilies, 'sans-serif'].join(', ');
