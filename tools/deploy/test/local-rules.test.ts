/**
 * This repository's firestore.rules is made from firestore.companion.rules
 * (tools/deploy/src/local-rules.ts): the companion's block is written once, and `npm run lint`
 * fails when the two differ.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carriesFragment, companionFragment } from '@dayfocus/stack/companion-rules';
import { localRules, localRulesAreCurrent } from '../src/local-rules.js';

const own = readFileSync(join(__dirname, '../../../firestore.rules'), 'utf8');

describe("this repository's firestore.rules, made from the companion's block", () => {
  it('are current in the repository, and carry the block unchanged', () => {
    expect(localRulesAreCurrent(own)).toBe(true);
    expect(carriesFragment(own)).toBe(true);
  });

  it('are refused after a collection was added to the block alone', () => {
    const grown = companionFragment().replace(
      '// ---- Dayfocus web companion: end ----',
      'match /_newCollection/{document=**} {\n  allow read, write: if false;\n}\n// ---- Dayfocus web companion: end ----',
    );
    expect(localRulesAreCurrent(own, grown)).toBe(false);
    expect(localRules(grown)).toContain('    match /_newCollection/{document=**} {');
  });

  it('are refused after the block was edited in firestore.rules alone', () => {
    expect(localRulesAreCurrent(own.replace('_pushBudgets', '_pushBudget'))).toBe(false);
  });

  it('still deny everything else to every client, after the block', () => {
    const made = localRules();
    expect(made.indexOf('match /{document=**} {')).toBeGreaterThan(made.indexOf('Dayfocus web companion: end'));
  });
});
