import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-file-times.mjs';
import { languagesPlugin, localesAlias } from './vite-languages.ts';

/** The local Hosting's origin, from firebase.json's emulators, as the local stack reads it. */
function localHosting(): string {
  const firebaseJson = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as {
    emulators: { hosting: { host: string; port: number } };
  };
  const { host, port } = firebaseJson.emulators.hosting;
  return `http://${host}:${port}/`;
}

/** Unit files whose code listens on the document (or window) itself, or evaluates the page's scripts. */
const OWN_DOCUMENT = [
  'src/app/start.test.tsx',
  'src/boundaries.test.ts',
  'src/features/sign-up/email/components/sign-up-form.test.tsx',
  'src/features/sign-up/mail-code/components/mail-code-form.test.tsx',
  'src/features/welcome/lib/copy-invite-tap.test.ts',
  'src/lib/sign-in-start.test.ts',
  'src/lib/taken-over.test.ts',
  'src/server/scripts.test.ts',
  'src/takeover/chunks.test.ts',
  'src/takeover/held-taps.test.ts',
];

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)), ...localesAlias };

export default defineConfig({
  plugins: [react(), languagesPlugin()],
  resolve: { alias },
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    projects: [
      {
        // Components and pages in jsdom, no server: validation, toggles, language, config. One jsdom
        // a worker, shared by its files (each file's setup runs again): about a third less processor
        // time than a jsdom each (docs/testing.md). The files whose code listens on the document
        // itself (what the server's page runs before the app) keep a jsdom each, below: a listener
        // one file leaves would take another's taps.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.stack.test.{ts,tsx}', ...OWN_DOCUMENT],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/testing/setup.ts'],
          // A bound above a findBy's (10 s, src/testing/setup.ts), so that a starved wait fails with
          // what it waited for rather than the test's own timeout.
          testTimeout: 20_000,
        },
      },
      {
        // A jsdom each, in a VM context of the file's own (vmThreads): 38 % less wall time than a
        // process each (forks) in `vitest doctor` (docs/testing.md), with the same per-file isolation.
        extends: true,
        test: {
          name: 'unit-own-document',
          include: OWN_DOCUMENT,
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // Pages in jsdom against the running local stack (real Auth and Functions emulators).
        extends: true,
        test: {
          name: 'stack',
          include: ['src/**/*.stack.test.{ts,tsx}'],
          environment: 'jsdom',
          // The page is on the local Hosting's origin, as the app is there: what it asks of its own
          // origin (the App Check stand-in's tokens, `/dev/app-check-token`) reaches Hosting.
          environmentOptions: { jsdom: { url: localHosting() } },
          setupFiles: ['src/testing/setup.ts', 'src/testing/setup-stack.ts'],
          // Bounds, not expected times, as the functions' stack files have: a test here waits on up to
          // two functions' first calls, each a worker's cold start while the functions' suite runs
          // beside (npm test; the official lane, a worker per function). Measured 2026-12-02: 30.5 s
          // for one test in npm test, 19.5 s in the lane (docs/testing.md).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Real Chromium (the one @dayfocus/stack provides, driven by playwright-core) against the
        // app on the Hosting emulator. Its files run in Node and render no component: the language
        // files' plugin and the alias alone, not the root's React plugin (Vitest 5 has an inline
        // project extend its config file unless told not to, which applied the languages' plugin
        // twice and warned so at every run).
        extends: false,
        resolve: { alias },
        plugins: [languagesPlugin()],
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // Four files at a time: many of them wait on Slow 3G, a held page, a mailbox's minute or
          // the stack more than they work (a fresh clone's run: two took 10 min 7 s, three 9 min 9 s;
          // since the slow profile stops its pages instead of spinning them, three 6 min 54 s to
          // 7 min 9 s, four 6 min 9 s). Every browser reaches the local stack as one client, whose
          // per-client limits the local stack raises (docs/local-stack.md). E2E_WORKERS sets another.
          maxWorkers: Number(process.env['E2E_WORKERS'] ?? 4),
          // Each worker loads playwright-core, axe-core, the Admin SDK and the support files once,
          // not once a file: no file keeps state outside its own module (a browser and its pages
          // are the file's, from useBrowser()), and the files pass in shuffled orders too.
          isolate: false,
          // Bounds, not expected times: past two minutes for a slow page's test in an hour when the
          // machine needed 2.4 times the processor time for npm test (docs/testing.md).
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // expect.poll's bound, not its expected time, as a step's 60 s are (e2e/support/app.ts): a
          // page's change, such as the address the app rewrites once it has taken a server-rendered
          // page over, can come seconds late while the other suites keep the processors busy
          // (Vitest's default: 1 s; 15 s were passed in a slow hour, docs/testing.md).
          expect: { poll: { timeout: 30_000 } },
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
