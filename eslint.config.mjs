// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Every zone of the web app keeps this pattern (a later zone's rule replaces an earlier one's). */
const webImportsNoServer = {
  group: ['@dayfocus/functions', '@dayfocus/functions/**', '**/functions/src/**', '**/functions/lib/**'],
  message: 'The web app imports nothing of the functions package; shared code lives in @dayfocus/contracts.',
};

/**
 * functions/src's folders that are no slice: the base every slice stands on, the composition root
 * above them, and what only the local stack runs. Every other folder is a slice (invites/,
 * owed-work/, short-links/, pages/, sign-in-handoffs/, invite-cards/, and any new one), held by the
 * same walls.
 */
const notSlices = ['platform', 'composition', 'local'];

/**
 * What another slice keeps to itself, as an import written `up` from the importing file
 * (`../` from a slice's own root, `../../` from its layers): its flows but their ports, its
 * adapters but their params and record refs, its entry points. Its domain is open to all;
 * platform/ is no slice.
 */
const otherSliceInsides = (up) =>
  String.raw`^${up}(?!platform/)[\w-]+/(flows/(?!ports\.js$)|adapters/(?![\w-]+-(params|refs)\.js$)|functions/)`;
const noComposition = (up) => ({
  regex: String.raw`^${up}composition/`,
  message:
    'No slice imports the composition root (composition/): it builds the slices; only their functions/ take what it built.',
});
const up1 = String.raw`\.\./`;
const up2 = String.raw`\.\./\.\./`;
const noLocal = {
  regex: String.raw`(^|/)local/`,
  message: 'local/ holds what only the local stack runs: production code never imports it (local/index.ts wires it).',
};

function functionsLayers() {
  const layer = (name, message, regex, extra = []) => ({
    files: [`functions/src/*/${name}/**/*.ts`],
    // platform/functions/ holds the wrappers every entry point uses, not entry points.
    ignores: name === 'functions' ? ['functions/src/platform/functions/**'] : [],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message }, noLocal, ...extra] }],
    },
  });
  /** platform/ (`files`, whose imports leave it by `up`) imports nothing of functions/src but itself. */
  const platform = (files, up) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^${up}(?!platform/)`,
              message: 'platform/ is what every slice stands on: it imports no slice, nor the composition root.',
            },
            noLocal,
          ],
        },
      ],
    },
  });
  return [
    {
      // First, so that every rule after it (each of which names noLocal again) refines it.
      files: ['functions/src/**/*.ts'],
      ignores: ['functions/src/local/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [noLocal] }] },
    },
    layer(
      'domain',
      "domain/ holds pure rules: its own folder, another slice's domain and @dayfocus/contracts, nothing of Firebase.",
      String.raw`^(firebase|\.\./(adapters|flows|functions)/|\.\./\.\./[\w-]+/(?!domain/))`,
    ),
    layer(
      'flows',
      "flows/ see the world through ports: their folder, the domain, another slice's domain and ports, the contracts.",
      String.raw`^(?!\./[\w.-]+$|\.\./domain/[\w.-]+$|\.\./\.\./[\w-]+/(domain/[\w.-]+|flows/ports\.js)$|@dayfocus/contracts/[\w.-]+$)`,
    ),
    layer(
      'adapters',
      'adapters/ implement ports: no flow, no entry point, nothing inside another slice.',
      String.raw`^\.\./(functions/|flows/(?!ports\.js$))|${otherSliceInsides(up2)}`,
      [noComposition(up2)],
    ),
    layer(
      'functions',
      "Entry points get flows and stores from composition/wiring.ts: their slice's params and record refs alone of its adapters.",
      String.raw`^\.\./adapters/(?![\w-]+-(params|refs)\.js$)|${otherSliceInsides(up2)}|^${up2}composition/(?!wiring\.js$)`,
      [{ group: ['firebase-admin', 'firebase-admin/*'], message: 'The Admin SDK is used in adapters/ only.' }],
    ),
    {
      // A file at a slice's own root reaches another slice as its layers do: through its domain,
      // ports and params; and, like them, never the composition root.
      files: ['functions/src/*/*.ts'],
      ignores: notSlices.map((folder) => `functions/src/${folder}/**`),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: otherSliceInsides(up1),
                message: "Another slice's flows, adapters and entry points are its own.",
              },
              noComposition(up1),
              noLocal,
            ],
          },
        ],
      },
    },
    platform(['functions/src/platform/*.ts'], up1),
    platform(['functions/src/platform/*/**/*.ts'], up2),
  ];
}

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
    // Sizes a newcomer can read in one sitting: no production file over 300 lines, no function over
    // 80, blank lines and comments counted. Tests are exempt: a describe block holds its cases.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'functions/src/**/*.ts',
      'packages/*/src/**/*.ts',
      'tools/*/src/**/*.ts',
      'tools/*/*.ts',
      'tools/firestore-emulator/{conformance,scripts}/**/*.ts',
      'functions/scripts/*.{mjs,mts}',
      'scripts/*.mjs',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.type-test.ts', '**/testing/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  // functions/src is cut by what it does: a slice (invites, owed-work, short-links, pages,
  // sign-in-handoffs, invite-cards) holds its own layers (domain/, flows/, adapters/, functions/); platform/
  // holds what every slice uses; composition/ builds the slices' flows for their functions/;
  // local/ holds what only the local stack runs. The rules below keep each layer to its imports,
  // each slice out of the others' insides and out of the composition root, and platform/ to itself.
  ...functionsLayers(),
  {
    // The web app runs in the browser; its service worker in a worker scope.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // No words a person reads written into a component: every one is a key of the language files
    // (packages/contracts/src/locales, docs/languages.md), so that every language has it. JSX text
    // alone: attributes (class names, ids, test hooks) are not words on the page; the few names no
    // language translates are constants of the contracts (brand.ts).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
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
