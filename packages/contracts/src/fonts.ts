/**
 * The face that draws each script the language files are written in: the one list of fonts.
 * Android ships these Noto faces, so the pages load no web font. The web app's stylesheet
 * (apps/web/src/styles.css) writes `fontStack` out, family by family; the mails and the pages the
 * functions write take it from here; the test browser draws each script with a Noto face from the
 * npm registry (tools/stack/src/browser.ts). `npm run lint` (scripts/check-lists.mjs) fails when a
 * language file writes in a script this list lacks, when the stylesheet's stack or the test
 * browser's fonts differ from it, or when another code file writes a font stack of its own. A new
 * script is one row here, its family in the stylesheet and its npm font in
 * tools/stack/package.json (the check names each one missing).
 */

export interface ScriptFace {
  /** The script as Unicode names it: a language file's letters match `\p{Script=…}` of one row. */
  script: string;
  /** The face's family name, as a font stack names it. */
  family: string;
}

export const scriptFaces = [
  { script: 'Latin', family: 'Noto Sans' },
  { script: 'Devanagari', family: 'Noto Sans Devanagari' },
  { script: 'Bengali', family: 'Noto Sans Bengali' },
  { script: 'Tamil', family: 'Noto Sans Tamil' },
  { script: 'Telugu', family: 'Noto Sans Telugu' },
] as const satisfies readonly ScriptFace[];

/** The families of every script, in the order a font stack names them. */
const faceFamilies: readonly string[] = scriptFaces.map((face) => face.family);

/** The platforms' own interface faces, which a font stack names before the scripts' faces. */
const platformFamilies: readonly string[] = ['system-ui', '-apple-system', 'Segoe UI', 'Roboto'];

/**
 * The whole font stack, as CSS writes it: the platforms' faces, each script's face, then the
 * generic family. No name is quoted (each is a run of CSS identifiers, which is valid unquoted), so
 * a mail's `style` attribute takes it as it is, with nothing to escape.
 */
export const fontStack: string = [...platformFamilies, ...faceFamilies, 'sans-serif'].join(', ');
