// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/lib/**', '**/dist/**', '.toolchain/**', '**/coverage/**', '.artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain layer holds pure rules shared with the web app: no Firebase in it.
    files: ['functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase-*', 'firebase-*/**', 'firebase', 'firebase/**', '../adapters/**', '../flows/**', '../functions/**'], message: 'domain/ stays free of Firebase and of the outer layers.' }] },
      ],
    },
  },
  {
    // Developer tooling (stack runner, benchmark) talks to the terminal.
    files: ['tools/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
