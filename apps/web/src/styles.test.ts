// The stylesheet lays out by logical properties only, so that a right-to-left language (ar-XB,
// and any file whose `dir` is rtl) mirrors every page: docs/languages.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom's import.meta.url is not a file URL: the path from the package's folder.
const css = readFileSync(join(process.cwd(), 'src', 'styles.css'), 'utf8');

/** Declarations that name a physical side: `padding-left`, `right:`, `text-align: left`, `float: right`… */
function physicalDeclarations(source: string): string[] {
  const declarations = source.replace(/\/\*[\s\S]*?\*\//g, '').match(/[\w-]+\s*:[^;{}]+/g) ?? [];
  return declarations.filter((declaration) => {
    const [property = '', value = ''] = declaration.split(/:(.*)/s).map((part) => part.trim());
    return (
      /(^|-)(left|right)($|-)/.test(property) ||
      (/^(text-align|float|clear)$/.test(property) && /\b(left|right)\b/.test(value))
    );
  });
}

describe('the stylesheet', () => {
  it('names no physical side: every page mirrors in a right-to-left language', () => {
    expect(physicalDeclarations(css)).toEqual([]);
  });

  it('would be caught naming one', () => {
    expect(physicalDeclarations('.a { padding-left: 1rem; text-align: right; inset-inline-start: 0 }')).toEqual([
      'padding-left: 1rem',
      'text-align: right',
    ]);
  });
});
