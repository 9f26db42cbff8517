/**
 * The brand's colours are written in packages/contracts/src/brand.ts alone, so that a new colour is
 * an edit of that file: the stylesheet and index.html take them from the web app's build
 * (apps/web/vite.config.ts), the logo (`productLogo`) and everything else by import.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand } from '@dayfocus/contracts/brand';

const root = join(__dirname, '../../..');
const BRAND_FILE = 'packages/contracts/src/brand.ts';

/** A colour in any form a file may write it: its hex digits in any case (after `#` or `%23`), `rgb(r, g, b)`. */
function colourPattern(hex: string): RegExp {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return new RegExp(`${hex.slice(1)}|rgba?\\(\\s*${r}[\\s,]+${g}[\\s,]+${b}\\b`, 'i');
}

/** `path:line: name` for each line of a text file that holds one of the colours. */
function colourCopies(files: { path: string; text: string }[]): string[] {
  const colours = Object.entries(brand.colours).map(([name, hex]) => ({ name, pattern: colourPattern(hex) }));
  return files
    .filter((file) => file.path !== BRAND_FILE && !file.text.includes('\0'))
    .flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, i) =>
          colours.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${path}:${i + 1}: ${name}`),
        ),
    );
}

/** The repository's files, tracked or new (not ignored), as they are in the working tree. */
function repositoryFiles(): { path: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => path !== '' && !/\.(png|jpe?g|webp|gif|ico|woff2?|ttf|otf)$/i.test(path))
    .flatMap((path) => {
      try {
        return [{ path, text: readFileSync(join(root, path), 'utf8') }];
      } catch {
        return []; // deleted in the working tree, not yet in the index
      }
    });
}

describe("the brand's colours", () => {
  it(`are written in ${BRAND_FILE} alone`, () => {
    expect(colourCopies(repositoryFiles())).toEqual([]);
  });

  it('would be found in another file, in any case and form', () => {
    const { brand: accent, brandDark, brandTint } = brand.colours;
    const rgb = [1, 3, 5].map((at) => parseInt(brandDark.slice(at, at + 2), 16)).join(' ');
    const files = [
      { path: 'a.css', text: `:root {\n  --brand: ${accent.toUpperCase()};\n}` },
      { path: 'b.svg', text: `<rect fill="rgb(${rgb})"/>` },
      { path: 'c.ts', text: `const url = 'data:image/svg+xml,%3Crect fill=%22%23${brandTint.slice(1)}%22/%3E';` },
      { path: BRAND_FILE, text: `brand: '${accent}'` },
    ];
    expect(colourCopies(files)).toEqual(['a.css:2: brand', 'b.svg:1: brandDark', 'c.ts:1: brandTint']);
  });
});
