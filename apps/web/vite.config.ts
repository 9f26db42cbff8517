import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
// Relative, so that Vite bundles it into the config (the functions package is CommonJS).
import { brand, logoSvg } from '@dayfocus/contracts/brand';
import { languageFacts, languagesPlugin, localesAlias } from './vite-languages.ts';

/**
 * Every route of the app is rendered by the server (firebase.json sends it to the invitationPage
 * function, which fills the built HTML); every other path gets 404.html with a 404 status. The
 * built index.html becomes that file: it is the app itself, so the visitor sees the app's
 * not-found page while crawlers and tools see a real 404. No index.html stays behind, which
 * Hosting would serve for `/` before any rewrite, in place of the server's front door.
 */
function notFoundPage(): Plugin {
  return {
    name: 'dayfocus-not-found-page',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      renameSync(join(dir, 'index.html'), join(dir, '404.html'));
    },
  };
}

/**
 * The runtime configuration the build ships as /config.json: public/config.json (the local
 * stack's) unless WEB_CONFIG names another file, e.g. `WEB_CONFIG=config.production.json`.
 * Checked with the same rules the app applies at startup, so a broken file fails the build
 * instead of the first visitor; a deployable one must not point at the emulators.
 */
function runtimeConfigFile(): Plugin {
  return {
    name: 'dayfocus-runtime-config',
    apply: 'build',
    async writeBundle(options) {
      const source = process.env.WEB_CONFIG;
      if (!source) return;
      const path = resolve(process.env.INIT_CWD ?? process.cwd(), source);
      const body: unknown = JSON.parse(readFileSync(path, 'utf8'));
      const { configProblems } = await import('@dayfocus/contracts/runtime-config');
      const problems = configProblems(body);
      if ((body as { emulators?: unknown }).emulators !== undefined)
        problems.push('a deployable configuration has no "emulators"');
      if (problems.length > 0) throw new Error(`WEB_CONFIG ${path}: ${problems.join('; ')}`);
      writeFileSync(join(options.dir ?? 'dist', 'config.json'), `${JSON.stringify(body, null, 2)}\n`);
    },
  };
}

/** `%BRAND%`, `%BRAND_DARK%`, `%BRAND_TINT%`: the colours of brand.colours, by their names. */
const brandColours = Object.entries(brand.colours).map(
  ([name, value]) => [`%${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}%`, value] as const,
);

export function withBrandColours(text: string): string {
  return brandColours.reduce((result, [token, value]) => result.replaceAll(token, value), text);
}

/**
 * The product's name, description and colours in index.html and the stylesheet, and its logo as
 * the icon (/images/logo.svg), from the one module that names the product: a stylesheet and an SVG
 * file cannot import it. The stylesheet's tokens are replaced before Vite reads it as CSS.
 */
function brandedFiles(): Plugin {
  const stylesheet = resolve(fileURLToPath(new URL('.', import.meta.url)), 'src/styles.css');
  return {
    name: 'dayfocus-brand',
    enforce: 'pre',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        withBrandColours(html)
          .replaceAll('%PRODUCT_NAME%', brand.productName)
          .replaceAll('%PAGE_DESCRIPTION%', brand.pageDescription),
    },
    transform(code, id) {
      return id.split('?')[0] === stylesheet ? withBrandColours(code) : undefined;
    },
    configureServer(server) {
      server.middlewares.use('/images/logo.svg', (_request, response) => {
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(logoSvg());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'images/logo.svg', source: logoSvg() });
    },
  };
}

/**
 * Where the invitation page's server renderer goes: inside the functions package, which the
 * deploy uploads alone. Built after the client (it takes in dist/404.html, config.json and
 * the manifest), by `pnpm run build` of this package.
 */
export const serverRendererDir = fileURLToPath(new URL('../../functions/lib/web', import.meta.url));

/**
 * The languages the built configuration switches on, checked against the language files (a code
 * without one fails the build), written beside the server renderer as `languages.json`: the
 * functions speak these in pushes and e-mails (functions/src/platform/adapters/locales.ts).
 */
function switchedOnLanguages(): Plugin {
  return {
    name: 'dayfocus-switched-on-languages',
    apply: 'build',
    async writeBundle(options) {
      const { portalLanguages } = JSON.parse(readFileSync(resolve(webDir, 'dist', 'config.json'), 'utf8')) as {
        portalLanguages: string[];
      };
      const facts = await languageFacts();
      const unknown = portalLanguages.filter((code) => !facts.some((language) => language.code === code));
      if (unknown.length > 0)
        throw new Error(
          `config.json switches on ${unknown.join(', ')}: no such file in packages/contracts/src/locales`,
        );
      // With what the deploy preflight refuses: a pseudo-locale, a draft awaiting review (tools/deploy).
      const switchedOn = portalLanguages.map((code) => {
        const { pseudo, awaitingReview } = facts.find((language) => language.code === code) ?? {};
        return { code, pseudo, awaitingReview };
      });
      writeFileSync(join(options.dir ?? serverRendererDir, 'languages.json'), `${JSON.stringify(switchedOn)}\n`);
    },
  };
}

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The modules the takeover loads by name (src/takeover/entry.ts), as the ends of their ids: its
 * entry, Auth (first on the method page), React DOM and the translations (a task each), the app's
 * main module. The chunks' table and the chunks' groups below find them by these.
 */
const TAKEOVER_MODULES = {
  entry: '/src/takeover/entry.ts',
  auth: '/src/features/sign-up/social/api/social-sign-in.ts',
  reactDom: '/node_modules/react-dom/client.js',
  i18n: '/src/lib/i18n.ts',
  main: '/src/main.tsx',
} as const;

/** Replaced in the built code by the chunks' table (src/takeover/chunks.ts reads it). */
const TAKEOVER_CHUNKS = /([`'"])__DAYFOCUS_TAKEOVER_CHUNKS__\1/g;

/**
 * The chunks a server-rendered page's takeover needs, so that its entry can ask for all of
 * them at once (src/takeover/chunks.ts) instead of one import's chunks after another's: the app's
 * main module, each page, Auth, each language, each as its chunk and the chunks it imports
 * (the takeover's own left out), by number in one table of files.
 */
function takeoverChunks(): Plugin {
  return {
    name: 'dayfocus-takeover-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const of = (test: (id: string) => boolean) => chunks.filter((c) => c.facadeModuleId && test(c.facadeModuleId));
      const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === 'chunk') closure(imported, seen);
        }
        return seen;
      };
      const [takeover] = of((id) => id.endsWith(TAKEOVER_MODULES.entry));
      if (!takeover) return;
      const own = closure(takeover);
      // The takeover's imports of the app's main module and of Auth: chunks without a facade of their own.
      const imported = (path: string) =>
        takeover.dynamicImports
          .map((file) => bundle[file])
          .filter((c): c is Rolldown.OutputChunk => c?.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(path)));
      const files: string[] = [];
      const numbered = (chunk: Rolldown.OutputChunk) =>
        [...closure(chunk)]
          .filter((file) => !own.has(file))
          .map((file) => {
            if (!files.includes(file)) files.push(file);
            return files.indexOf(file);
          });
      const named = (test: (id: string) => boolean, name: (id: string) => string) =>
        Object.fromEntries(of(test).map((chunk) => [name(chunk.facadeModuleId ?? ''), numbered(chunk)]));
      const baseName = (id: string) => id.slice(id.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
      const table = {
        main: imported(TAKEOVER_MODULES.main).flatMap(numbered),
        auth: imported(TAKEOVER_MODULES.auth).flatMap(numbered),
        pages: named((id) => id.includes('/src/app/routes/'), baseName),
        languages: named((id) => id.includes('/contracts/src/locales/'), baseName),
        files,
      };
      const literal = JSON.stringify(JSON.stringify(table));
      for (const chunk of chunks) chunk.code = chunk.code.replace(TAKEOVER_CHUNKS, literal);
    },
  };
}

/**
 * The chunks every server-rendered page's takeover loads, each one file: React DOM with React
 * (`client`), the translations (`i18n`), and the app (`main`): its main module, what it imports
 * statically and what two pages or more share of the app's own code. Left to itself, Rolldown cuts
 * them wherever a page shares a module with another: some 30 files a page, two dozen under 1 kB,
 * each a request and a turn of the browser's loader for no byte saved. Kept out of all three: the
 * takeover's entry's own modules (the one script a page loads up front) and Auth's (first on the
 * method page, before the rest of the app). The module graph is read when the build has it
 * (`buildEnd`), before the chunks are cut; the groups' `name` asks it.
 */
function takeoverGroups(): { plugin: Plugin; group: (id: string) => string | null } {
  const groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'dayfocus-takeover-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (...roots: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const root of roots) {
          const id = ids.find((candidate) => candidate.endsWith(root));
          // A module moved or renamed: its group would silently fall back to Rolldown's cuts.
          if (!id) this.error(`no module ends with ${root}; the takeover's chunks name it`);
          visit(id);
        }
        return seen;
      };
      const kept = closure(TAKEOVER_MODULES.entry, TAKEOVER_MODULES.auth);
      const client = closure(TAKEOVER_MODULES.reactDom);
      const i18n = closure(TAKEOVER_MODULES.i18n);
      const main = closure(TAKEOVER_MODULES.main);
      // The app's own modules two pages or more import (the pages are loaded lazily, each its chunk),
      // but only those that import nothing beyond the main module's closure and each other: a
      // module that brings Firebase or the forms' library along stays with the pages that need it.
      const pages = ids.filter((id) => /\/src\/app\/routes\/[^/]+\.tsx$/.test(id)).map((id) => closure(id));
      const shared = new Set(
        ids.filter((id) => !id.includes('/node_modules/') && pages.filter((page) => page.has(id)).length >= 2),
      );
      for (let changed = true; changed;) {
        changed = false;
        for (const id of shared) {
          const imports = this.getModuleInfo(id)?.importedIds ?? [];
          if (imports.every((next) => main.has(next) || shared.has(next))) continue;
          shared.delete(id);
          changed = true;
        }
      }
      groups.clear();
      for (const [name, members] of [
        ['client', client],
        ['i18n', i18n],
        ['main', [...main, ...shared]],
      ] as const)
        for (const id of members) if (!kept.has(id) && !groups.has(id)) groups.set(id, name);
    },
  };
  return { plugin, group: (id) => groups.get(id) ?? null };
}

const pageChunks = takeoverGroups();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), languagesPlugin(), switchedOnLanguages()]
    : [
        react(),
        languagesPlugin(),
        brandedFiles(),
        notFoundPage(),
        runtimeConfigFile(),
        takeoverChunks(),
        pageChunks.plugin,
      ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), ...localesAlias } },
  // The server bundle is self-contained (React, the router, i18next inside it): the functions
  // package does not depend on them. Chunks are loaded only if used (Firebase never is).
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  // The server bundle's React is the build's own, fixed when it is built, as in the client's bundle:
  // Vite leaves an SSR bundle's process.env.NODE_ENV to the runtime, and the Functions emulator sets
  // none, so the stack ran React's development build (about a third of the pages' render time in
  // its checks and warnings). A build's NODE_ENV is production unless its shell says otherwise (a
  // build inside a test runner, NODE_ENV=test, whose JSX then calls React's development runtime),
  // and a deploy serves the renderer the tests ran, whatever the runtime's NODE_ENV.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(process.env['NODE_ENV'] ?? 'production') } : undefined,
  build: isSsrBuild
    ? {
        outDir: serverRendererDir,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node24',
        rolldownOptions: {
          output: {
            format: 'cjs',
            entryFileNames: 'invitation-renderer.cjs',
            chunkFileNames: '[name]-[hash].cjs',
          },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        // index.html is the app; the takeover's entry starts it after load on a server-rendered page.
        rolldownOptions: {
          input: { index: 'index.html', takeover: TAKEOVER_MODULES.entry.slice(1) },
          // Without its dependencies: a group holds its members, the chunks they import stay theirs.
          output: { codeSplitting: { groups: [{ name: pageChunks.group, includeDependenciesRecursively: false }] } },
        },
      },
}));
