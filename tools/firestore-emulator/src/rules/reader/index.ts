/**
 * The reader of the Firestore rules language, one for the emulator (src/rules/, which refuses at
 * load what it does not evaluate) and for the deploy check of an app's rules (tools/deploy's
 * rules-scan.ts, which must read all of them): source text to a syntax tree, or a RulesError at
 * the line:column of the first thing the language does not have.
 */
export { readRules } from './statements.js';
export { RulesError, type Position } from './errors.js';
export type * from './syntax.js';
