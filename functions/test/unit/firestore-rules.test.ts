/**
 * The Node Firestore emulator has no rules engine, so the rules are checked here as text:
 * every document is matched and the only grant is "if false". (Where the official emulator
 * runs, it enforces the same file.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const rules = readFileSync(join(__dirname, '../../../firestore.rules'), 'utf8').replace(/\/\/.*$/gm, '');

describe('firestore.rules', () => {
  it('match every document of the database', () => {
    expect(rules).toMatch(/match\s+\/databases\/\{database\}\/documents\s*\{\s*match\s+\/\{document=\*\*\}/);
  });

  it('grant nothing to any client: the only allow statement is "if false"', () => {
    const grants = [...rules.matchAll(/allow\s+([^:;]+?)\s*:\s*if\s+([^;]+);/g)].map((m) => [
      m[1]?.replace(/\s+/g, ' '),
      m[2]?.trim(),
    ]);
    expect(grants).toEqual([['read, write', 'false']]);
    expect(rules.match(/\ballow\b/g)).toHaveLength(1);
  });
});
