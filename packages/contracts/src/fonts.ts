/**
 * The face that draws each script the language files are written in: the one list of fonts.
 * Android ships these Noto faces, so the pages load no web font. The web app's stylesheet
 * (apps/web/src/styles.css) names every family here, in this order, after the platform's own
 * faces; the test browser draws each script with a Noto face from the npm registry
 * (tools/stack/src/browser.ts). `npm run lint` (scripts/check-lists.mjs) fails when a language
 * file writes in a script this list lacks, or when the stylesheet or the test browser's fonts
 * differ from it. A new script is one row here, its family in the stylesheet and its npm font in
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
export const faceFamilies: readonly string[] = scriptFaces.map((face) => face.family);
