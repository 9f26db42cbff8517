/**
 * Where our reading of the rules language followed neither Google's emulator nor the deploy check's
 * reading (the two readers were one in the end): each case below was put to Google's Firestore
 * emulator (`cloud-firestore-emulator.jar`, loaded over `PUT …:securityRules`) and is held to its
 * answer, whether it loads, refuses or decides.
 */
import { describe, expect, it } from 'vitest';
import { RulesError, compileRules, evaluateRules, type CompiledRules } from '../src/rules/index.js';

const request = { database: '(default)', path: 'A/x', auth: null, time: new Date(), resource: null } as const;

/** Rules with `body` inside the documents match. */
const inDocuments = (body: string) =>
  `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

const getAllowed = (rules: CompiledRules) => evaluateRules(rules, { ...request, method: 'get' }).allowed;
/** Whether `condition` lets a get of `A/x` through. */
const holds = (condition: string) =>
  getAllowed(compileRules(inDocuments(`match /A/{id} { allow get: if ${condition}; }`)));

describe('the rules grammar, as Google reads it', () => {
  it('binds relations tighter than == and !=, and those tighter than in', () => {
    // (1 < 2) == (3 < 4), not ((1 < 2) == 3) < 4.
    expect(holds('1 < 2 == 3 < 4')).toBe(true);
    // 1 in ([1] == true), an error, so denied: not (1 in [1]) == true.
    expect(holds('1 in [1] == true')).toBe(false);
    // (1 == 1) is bool, and (1 is int) == true: `is` stands with == and !=, read left to right.
    expect(holds('1 == 1 is bool && 1 is int == true')).toBe(true);
  });

  it('leaves out the `;` after an allow and after rules_version', () => {
    const rules = compileRules(
      "rules_version = '2'\nservice cloud.firestore {\n  match /databases/{database}/documents {\n" +
        '    match /A/{id} { allow list: if false allow get: if true }\n  }\n}\n',
    );
    expect(getAllowed(rules)).toBe(true);
  });

  it('ends a // comment at the line feed alone, not at a line separator or a carriage return', () => {
    for (const separator of ['\u2028', '\r']) {
      const rules = compileRules(inDocuments(`match /A/{id} { allow list; // note${separator}allow get;\n}`));
      expect(getAllowed(rules), JSON.stringify(separator)).toBe(false);
    }
  });

  it('takes a trailing comma in a list, a map and a call', () => {
    expect(holds("[1, 2,].size() == 2 && {'a': 1,}.size() == 1 && 'abc'.matches('a.*',)")).toBe(true);
  });

  it('reads .5 and 1. as numbers, and refuses an exponent', () => {
    expect(holds('.5 == 0.5 && 1. == 1.0 && 1. is float')).toBe(true);
    expect(() => holds('1e3 == 1000')).toThrow(RulesError);
  });

  it('decodes the \\b and \\f escapes', () => {
    expect(holds("'a\\b'.size() == 2 && '\\f' != 'f'")).toBe(true);
  });

  it("calls the rules' own function named like one of the language's", () => {
    const rules = compileRules(
      inDocuments('function int(a) { return a == false; }\nmatch /A/{id} { allow get: if int(false); }'),
    );
    expect(getAllowed(rules)).toBe(true);
  });

  it('refuses a match path segment that Google refuses', () => {
    for (const segment of ['a=b', 'a%b', 'a!b', 'a,b'])
      expect(() => compileRules(inDocuments(`match /${segment}/{id} { allow get; }`)), segment).toThrow(
        `path segment ${segment}`,
      );
  });
});
