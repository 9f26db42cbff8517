import { describe, expect, it } from 'vitest';
import { takeoverFiles } from './chunks';

const table = {
  files: [
    'assets/main.js',
    'assets/client.js',
    'assets/auth.js',
    'assets/firebase.js',
    'assets/page.js',
    'assets/hi.js',
  ],
  main: [0, 1],
  auth: [2, 3],
  pages: { 'social-sign-up': [4, 1, 2, 3], invitation: [4, 1] },
  languages: { hi: [5] },
};

describe('the chunks a takeover asks for at once', () => {
  it("puts Auth first on the method page, then the language, the app's main module and the page, each once", () => {
    expect(takeoverFiles(table, { page: 'social-sign-up', language: 'hi', authFirst: true })).toEqual([
      'assets/auth.js',
      'assets/firebase.js',
      'assets/hi.js',
      'assets/main.js',
      'assets/client.js',
      'assets/page.js',
    ]);
  });

  it("asks for no Auth on a page that does not sign in, and nothing for English's bundled strings", () => {
    expect(takeoverFiles(table, { page: 'invitation', language: 'en', authFirst: false })).toEqual([
      'assets/main.js',
      'assets/client.js',
      'assets/page.js',
    ]);
  });

  it('asks for nothing where the code was not built (the table is missing)', () => {
    expect(takeoverFiles(null, { page: 'invitation', language: 'en', authFirst: false })).toEqual([]);
  });
});
