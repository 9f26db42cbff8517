import { defineConfig } from 'vitest/config';
import { reporters } from '../scripts/vitest-file-times.mjs';

/**
 * The stack files that change something of the whole stack while they run, each kept from its
 * neighbours. `alone`: the Firestore emulator's fault plan (one plan for the emulator: setting
 * one replaces another file's); their faults name their own documents, so they may run beside the
 * browser tests. `exclusive`, with nothing else on the stack: the functions' crash switch, which
 * every function obeys; the owed-push sweep run at a time hours ahead (it takes over every claim
 * whose lease would have passed by then, and sends its push again); counting the reads of an
 * instance's cache (another suite's calls start more instances of a function); watching the reads
 * of every stored card, which the browser tests' previews read too.
 */
const files = (...names: string[]) => names.map((name) => `test/stack/${name}.test.ts`);
const alone = files('app-check', 'cache-busting', 'link-store-cache', 'sign-in-handoff', 'sign-up-link');
/**
 * The stack files that install the functions' environment themselves (the deployment's, or the
 * local stack's with a switch of their own), as an entry point does once a process: each keeps a
 * module graph of its own. The other stack files share one per worker.
 */
const ownEnvironment = files('triggers', 'app-check-fallback-switch');
const exclusive = files('recovery', 'owed-work', 'push-budget', 'header-busting', 'invite-card');

/** Against the running local stack (tools/stack/with-stack.ts starts it). */
const againstTheStack = {
  environment: 'node' as const,
  // Bounds, not expected times: a minute was passed by tests of a few seconds in an hour when the
  // machine needed 2.4 times the processor time for npm test (docs/testing.md).
  testTimeout: 120_000,
  hookTimeout: 120_000,
  setupFiles: ['test/stack/setup-env.ts'],
};

export default defineConfig({
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    tags: [
      {
        name: 'our-emulator',
        description:
          "needs our Firestore emulator's own endpoints (/emulator/v1/faults, /emulator/v1/transactions), which Google's lacks: " +
          "left out, and counted, by the lane on Google's emulator (npm run test:official)",
      },
    ],
    projects: [
      {
        extends: true,
        // The workers' module graph shared by the files (docs/testing.md): none keeps state behind.
        // A test's bound, not its expected time: npm test runs these beside the soak and the lanes,
        // the two processors busy throughout, and a file's first test also opens its first channel
        // to the in-process emulator (one took 5.2 s there, 0.4 s alone).
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          // Vitest's 10 s for a hook was passed by removing a packed tree in a slow hour (docs/testing.md).
          hookTimeout: 60_000,
        },
      },
      {
        // Side by side: each file makes its own inviters and invitees, and most of its time is waiting.
        // They share the workers' module graph (the Admin SDK, the support, the domain modules they
        // read): none keeps state behind but in its own module (docs/testing.md).
        extends: true,
        test: {
          ...againstTheStack,
          name: 'stack',
          include: ['test/stack/**/*.test.ts'],
          exclude: [...alone, ...exclusive, ...ownEnvironment],
          maxWorkers: Number(process.env['STACK_WORKERS'] ?? 2),
          isolate: false,
        },
      },
      {
        // Beside them, each in a module graph of its own.
        extends: true,
        test: { ...againstTheStack, name: 'stack-own-environment', include: ownEnvironment, maxWorkers: 1 },
      },
      {
        // One after another, once the files above have ended.
        extends: true,
        test: {
          ...againstTheStack,
          name: 'stack-alone',
          include: alone,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // With nothing else on the stack: npm test runs it once the browser tests have ended.
        extends: true,
        test: {
          ...againstTheStack,
          name: 'stack-exclusive',
          include: exclusive,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Against the local stack with our emulator's hot-document model on (npm run test:hot).
        extends: true,
        test: {
          ...againstTheStack,
          name: 'hot',
          include: ['test/hot/**/*.test.ts'],
          fileParallelism: false,
          // A bound: 300 confirmations through each door took 169 s in a fresh npm test of 2026-12-02.
          testTimeout: 480_000,
        },
      },
    ],
  },
});
