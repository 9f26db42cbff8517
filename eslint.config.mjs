// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Every zone of the web app keeps this pattern (a later zone's rule replaces an earlier one's). */
const webImportsNoServer = {
  group: ['@dayfocus/functions', '@dayfocus/functions/**', '**/functions/src/**', '**/functions/lib/**'],
  message: 'The web app imports nothing of the functions package; shared code lives in @dayfocus/contracts.',
};

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'functions/lib/**',
      'functions/deploy/**',
      '**/dist/**',
      '.toolchain/**',
      '**/coverage/**',
      '.artifacts/**',
    ],
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
    // No import cycle within a package (scripts/check-cycles.mjs checks every package with madge too).
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'tsconfig.base.json',
            'apps/web/tsconfig.json',
            'functions/tsconfig.json',
            'packages/*/tsconfig.json',
            'tools/*/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // What the browser and the server share: nothing of Node, Firebase or React, nothing of either side.
    files: ['packages/contracts/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'firebase',
                'firebase/**',
                'firebase-*',
                'firebase-*/**',
                'react',
                'react-*',
                'react/**',
              ],
              message: 'contracts/ runs in the browser and on the server alike: no Node, Firebase or React.',
            },
            { group: ['@dayfocus/*', '@dayfocus/*/**'], message: 'contracts/ depends on no other package of ours.' },
          ],
        },
      ],
    },
  },
  {
    // The web app reaches the server only through the contracts (and the callables at run time).
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [webImportsNoServer],
        },
      ],
    },
  },
  {
    // The domain layer holds pure rules shared with the web app: no Firebase in it.
    files: ['functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'firebase-*',
                'firebase-*/**',
                'firebase',
                'firebase/**',
                '../adapters/**',
                '../flows/**',
                '../functions/**',
              ],
              message: 'domain/ stays free of Firebase and of the outer layers.',
            },
          ],
        },
      ],
    },
  },
  {
    // A flow sees the world only through its ports (flows/ports.ts): the domain, the contracts
    // and other flows, nothing of Firebase, Node or an adapter.
    files: ['functions/src/flows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(?!\./[\w.-]+$|\.\./domain/[\w.-]+$|@dayfocus/contracts/[\w.-]+$)`,
              message:
                'flows/ import only flows/ (ports included), domain/ and @dayfocus/contracts; wiring.ts hands them the rest.',
            },
          ],
        },
      ],
    },
  },
  {
    // Adapters implement the ports: they may see the domain and flows/ports.ts, never a flow or a function.
    files: ['functions/src/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./(functions/|flows/(?!ports\.js$))`,
              message: 'adapters/ implement flows/ports.ts; they import no flow and no function.',
            },
          ],
        },
      ],
    },
  },
  {
    // The functions (entry points) reach stores, transports and clients only through wiring.ts,
    // and the Admin SDK only through adapters/.
    files: ['functions/src/functions/**/*.ts', 'functions/src/index.ts'],
    ignores: ['functions/src/functions/wiring.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\.?/adapters/(?!(firebase|link-params|token-consumption)\.js$)`,
              message:
                'A function gets its flows and stores from wiring.ts (only the emulator switch, params and token consumption are imported).',
            },
            { group: ['firebase-admin', 'firebase-admin/*'], message: 'The Admin SDK is used in adapters/ only.' },
          ],
        },
      ],
    },
  },
  {
    // The web app runs in the browser; its service worker in a worker scope.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The rules of hooks, and the React Compiler's checks that come with them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Import direction of the web app: shared (components, lib, config, locales) -> features -> app.
  // A feature imports neither another feature nor the app; shared code imports neither.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '@/features/**', `!@/features/${feature}/**`],
              message: 'A feature imports only its own folder and shared code.',
            },
            {
              group: ['../../**'],
              message: 'Leave a feature only through @/ (shared code); a feature imports no other feature.',
            },
            webImportsNoServer,
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,config,locales}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '@/features/**', '**/app/**', '**/features/**'],
              message: 'Shared code does not import features or the app layer.',
            },
            webImportsNoServer,
          ],
        },
      ],
    },
  },
  {
    // Developer tooling (stack runner, benchmark) talks to the terminal.
    files: ['tools/**/*.ts', 'scripts/**/*.mjs', 'functions/scripts/**/*.{mjs,mts}'],
    rules: { 'no-console': 'off' },
  },
);
