// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * By name as well as by path (the zones below): `@dayfocus/functions` is no dependency of the web app,
 * so the resolver finds no path for it.
 */
const webImportsNoServer = {
  group: ['@dayfocus/functions', '@dayfocus/functions/**', '**/functions/src/**', '**/functions/lib/**'],
  message: 'The web app imports nothing of the functions package; shared code lives in @dayfocus/contracts.',
};

const root = import.meta.dirname;
/** The folders directly in `folder` (relative to the repository's root). */
const foldersIn = (folder) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The walls between folders, held on where an import leads (its path as the TypeScript resolver
 * finds it), so that they hold at any depth, through `@/` and `../` alike, and for an `import()` whose
 * path is written out. Each zone is a `target` (the importing files), what it may not reach (`from`)
 * and what it still may (`except`); every glob is absolute, as the rule matches `except` as written.
 */
const under = (folder) => (glob) => join(root, folder, glob);
const fn = under('functions/src');
const web = under('apps/web/src');

/**
 * functions/src's folders that are no slice, from the top floor down: the entry points (every
 * callable, HTTP function and trigger), the composition root that builds the slices for them, the
 * base every slice stands on, and what only the local stack runs. Every other folder is a slice,
 * held by the same walls.
 */
const notSlices = ['entry-points', 'composition', 'platform', 'local'];
const slices = foldersIn('functions/src').filter((folder) => !notSlices.includes(folder));

/** What any file of functions/src may see of a slice: its domain, ports, params and record refs. */
const sliceOutsides = [fn('*/domain/**'), fn('*/flows/ports.ts'), fn('*/adapters/*-{params,refs}.ts')];

/**
 * The layers of a slice (platform/'s too): what each may import of functions/src besides
 * composition/ and local/, which have walls of their own below.
 */
const layers = {
  domain: {
    allowed: () => [fn('*/domain/**')],
    message:
      "domain/ holds pure rules: its own folder, another slice's domain and @dayfocus/contracts, nothing of Firebase.",
    packages: String.raw`^firebase`,
  },
  flows: {
    allowed: (slice) => [fn(`${slice}/flows/**`), fn('*/domain/**'), fn('*/flows/ports.ts')],
    message:
      "flows/ see the world through ports: their folder, the domain, another slice's domain and ports, the contracts.",
    // What is no import of functions/src is @dayfocus/contracts or nothing.
    packages: String.raw`^(?![.]|@dayfocus/contracts/[\w.-]+$)`,
  },
  adapters: {
    allowed: (slice) => [fn(`${slice}/adapters/**`), ...sliceOutsides, fn('platform/**')],
    message: 'adapters/ implement ports: no flow, no entry point, nothing inside another slice.',
  },
};

const noLocal =
  'local/ holds what only the local stack runs: production code never imports it (local/index.ts wires it).';
const noComposition =
  'No slice imports the composition root (composition/): it builds the slices for the entry points above them.';
const entryPoints = {
  message:
    "Entry points get flows and stores from their slice's wiring, composition/wiring/: of a slice, its domain, flows, ports, params and record refs.",
  packages: String.raw`^firebase-admin(/|$)`,
  packagesMessage: 'The Admin SDK is used in adapters/ only.',
};
const noEntryPoints =
  'Entry points stand above everything else: nothing of functions/src imports them but functions.ts.';

function functionsZones() {
  const layerZones = [...slices, 'platform'].flatMap((slice) =>
    Object.keys(layers).map((layer) => ({
      target: fn(`${slice}/${layer}/**`),
      from: fn('**'),
      except: [...layers[layer].allowed(slice), fn('{composition,local}/**')],
      message: layers[layer].message,
    })),
  );
  return [
    ...layerZones,
    ...slices.flatMap((slice) => [
      {
        // A file at a slice's own root reaches another slice as its layers do.
        target: fn(`${slice}/*.ts`),
        from: fn('**'),
        except: [fn(`${slice}/**`), ...sliceOutsides, fn('platform/**'), fn('*.ts'), fn('{composition,local}/**')],
        message: "Another slice's flows and adapters are its own.",
      },
      {
        target: fn(`${slice}/!(domain|flows|adapters)/**`),
        from: fn('**'),
        message: "A slice's folders are domain/, flows/ and adapters/; entry points live in entry-points/.",
      },
      { target: fn(`${slice}/**`), from: fn('composition/**'), message: noComposition },
      { target: fn(`${slice}/**`), from: fn('entry-points/**'), message: noEntryPoints },
    ]),
    {
      target: fn('entry-points/**'),
      from: fn('**'),
      except: [
        fn('entry-points/**'),
        fn('*/flows/**'),
        ...sliceOutsides,
        fn('platform/**'),
        fn('{composition,local}/**'),
      ],
      message: entryPoints.message,
    },
    {
      target: fn('entry-points/**'),
      from: fn('composition/**'),
      // Globs, as the rule wants every exception of a zone whose `from` is one.
      except: [fn('composition/wiring.*'), fn('composition/wiring/**')],
      message: entryPoints.message,
    },
    { target: fn('composition/**'), from: fn('entry-points/**'), message: noEntryPoints },
    {
      target: fn('platform/**'),
      from: fn('**'),
      except: [fn('platform/**'), fn('local/**')],
      message: 'platform/ is what every slice stands on: it imports no slice, nor the composition root.',
    },
    { target: [fn('*.ts'), fn('!(local)/**')], from: fn('local/**'), message: noLocal },
  ];
}

/** The web app's features, each a folder of apps/web/src/features. */
const webFeatures = foldersIn('apps/web/src/features');

/**
 * A feature's files live in folders of their kind (the calls, the components, the hooks, and lib/ for
 * the rest: stored fields, links, the server's inline scripts), at its root or, in a feature of
 * several ways (sign-up), in each way's folder: never loose in either.
 */
const featureKinds = `!(${['api', 'components', 'hooks', 'lib'].join('|')})`;
const featureLayout = {
  files: [
    'apps/web/src/features/*/*.{ts,tsx}',
    `apps/web/src/features/*/${featureKinds}/*.{ts,tsx}`,
    `apps/web/src/features/*/${featureKinds}/${featureKinds}/**`,
  ],
  message:
    "A feature's files live in its api/, components/, hooks/ or lib/ (sign-up's, in those of a way or of shared/): none loose.",
};

/**
 * The ways of signing up, each a folder of features/sign-up with its own api/, components/, hooks/
 * and lib/, and shared/, what more than one way uses. A way imports its own folder and shared/, and
 * the ways it is built on, named here: the e-mail form carries the browser's proof of the address,
 * and the mail's code confirms the account the e-mail way signed up in the tab.
 */
const signUpShared = 'shared';
/** @type {Record<string, string[]>} */
const signUpBuiltOn = { email: ['email-proof'], 'mail-code': ['email'] };
const signUpWays = foldersIn('apps/web/src/features/sign-up').filter((folder) => folder !== signUpShared);

/**
 * Import direction of the web app: shared (components, lib, config, locales) -> features -> app ->
 * takeover (what runs between the server's page and the app) and server (the renderer, which runs
 * in Node, in the page function). The app imports nothing of the takeover, which reads the state the
 * server handed over (app/server-state.ts).
 */
const webZones = () => [
  ...webFeatures.map((feature) => ({
    target: web(`features/${feature}/**`),
    from: [web('app/**'), web('features/**'), web('takeover/**'), web('server/**')],
    except: [web(`features/${feature}/**`)],
    message: 'A feature imports only its own folder and shared code: no other feature, nor the app.',
  })),
  ...signUpWays.map((way) => ({
    target: web(`features/sign-up/${way}/**`),
    from: web('features/sign-up/**'),
    except: [way, signUpShared, ...(signUpBuiltOn[way] ?? [])].map((folder) => web(`features/sign-up/${folder}/**`)),
    message:
      "A way of signing up imports its own folder, shared/ and the ways it is built on (eslint.config.mjs's signUpBuiltOn).",
  })),
  {
    target: web(`features/sign-up/${signUpShared}/**`),
    from: web('features/sign-up/**'),
    except: [web(`features/sign-up/${signUpShared}/**`)],
    message: "sign-up's shared/ is what its ways share: it imports none of them.",
  },
  {
    target: web('{components,lib,config,locales}/**'),
    from: [web('app/**'), web('features/**'), web('takeover/**'), web('server/**')],
    message: 'Shared code does not import features or the app layer.',
  },
  {
    target: [web('*.{ts,tsx}'), web('!(server)/**')],
    from: web('server/**'),
    message: 'Only the server renderer imports server/: it runs in Node, in the page function.',
  },
  {
    target: web('app/**'),
    from: web('takeover/**'),
    message:
      'The takeover stands above the app: it reads the state the server handed over (app/server-state.ts) and starts the app.',
  },
  { target: join(root, 'apps/web/**'), from: join(root, 'functions/**'), message: webImportsNoServer.message },
];

/** The tools (stack, benchmarks, soak, deploy checks) stand beside the apps, never on them. */
const toolsImportNoApp = {
  group: ['@dayfocus/web', '@dayfocus/web/**'],
  message: 'Tools import no app: what they share with the web app lives in @dayfocus/contracts or @dayfocus/stack.',
};
const toolsZones = () => [
  { target: join(root, 'tools/**'), from: join(root, 'apps/**'), message: toolsImportNoApp.message },
];

/** An `import()` is held by the walls only when they can read where it leads. */
const literalImportsOnly = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'Write the path of an import() as a plain string: the import walls read where it leads.',
};

/**
 * The packages a layer of functions/src may not import, by their name, as an import or an import();
 * the walls on paths do not see packages. One block per layer: a later block's rule replaces an
 * earlier one's, so no two of these name the same file.
 */
function functionsPackages() {
  const walled = [
    ...Object.entries(layers).map(([layer, walls]) => ({ files: `functions/src/*/${layer}/**/*.ts`, ...walls })),
    { files: 'functions/src/entry-points/**/*.ts', ...entryPoints },
  ];
  return walled.flatMap(({ files, packages, packagesMessage, message }) =>
    packages
      ? [
          {
            files: [files],
            rules: {
              'no-restricted-imports': [
                'error',
                { patterns: [{ regex: packages, message: packagesMessage ?? message }] },
              ],
              'no-restricted-syntax': [
                'error',
                literalImportsOnly,
                {
                  selector: `ImportExpression[source.value=/${packages.replaceAll('/', '.')}/]`,
                  message: packagesMessage ?? message,
                },
              ],
            },
          },
        ]
      : [],
  );
}

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
    // Names by rule, not by habit: every file and folder of code is kebab-case (`sign-up-form.tsx`,
    // `e2e/support/`); a middle extension (`.test`, `.e2e`, `.stack.test`) is part of no name.
    files: ['**/*.{ts,tsx,mts,mjs,js,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mts,mjs,js,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
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
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports in one order everywhere: Node's own, then packages (the workspace's @dayfocus/* and the
      // web app's @/ among them), then this package's files by relative path.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', ['external', 'internal'], ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '@dayfocus/**', group: 'internal' },
            { pattern: '@/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'ignore',
        },
      ],
    },
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
  // The walls on where an import leads (functionsZones, webZones, toolsZones above); functions/README.md
  // and docs/architecture.md say what they hold.
  {
    files: ['functions/src/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'tools/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...functionsZones(), ...webZones(), ...toolsZones()] },
      ],
    },
  },
  {
    files: ['tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [toolsImportNoApp] }] },
  },
  {
    files: ['functions/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', literalImportsOnly] },
  },
  {
    // On the whole file, so that a file of no imports is held too.
    files: featureLayout.files,
    rules: {
      'no-restricted-syntax': ['error', literalImportsOnly, { selector: 'Program', message: featureLayout.message }],
    },
  },
  ...functionsPackages(),
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
  {
    // Developer tooling (stack runner, benchmark) talks to the terminal.
    files: ['tools/**/*.ts', 'scripts/**/*.mjs', 'functions/scripts/**/*.{mjs,mts}'],
    rules: { 'no-console': 'off' },
  },
);
