/**
 * The README says what the code enforces: every limit (its name, value, status and each of its
 * messages) and every index case left open. Printed by scripts/readme-tables.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNCLEAR_CASES } from '../src/indexes.js';
import { LIMITS } from '../src/limits/index.js';

/** The README's text with every run of whitespace (and table padding) made one space. */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  .replace(/\\([_*])/g, '$1') // Markdown's escapes, which the tables need around `__x__`
  .replace(/\s+/g, ' ');
const normalized = (text: string): string => text.replace(/\s+/g, ' ');

describe('the README', () => {
  it.each(LIMITS.map((limit) => [limit.name, limit] as const))(
    'lists the limit "%s" as the code enforces it',
    (_, limit) => {
      expect(readme).toContain(normalized(`| ${limit.name} | ${limit.value} | ${limit.code} |`));
      for (const message of limit.message.split(' / ')) expect(readme).toContain(normalized(`\`${message}\``));
    },
  );

  it('lists every index case it allows for want of documentation', () => {
    for (const unclear of UNCLEAR_CASES) expect(readme).toContain(normalized(unclear));
  });
});
