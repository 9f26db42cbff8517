import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-file-times.mjs';

export default defineConfig({
  // The refusal tests build the web app and run firebase-tools' predeploy hooks in copies of the tree:
  // mostly subprocesses, so two files at a time (vitest's default here is one, on two processors).
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    include: ['test/**/*.test.ts'],
    // Bounds, not expected times: 80 s for a test of the refusals in a slow hour (docs/testing.md).
    testTimeout: 240_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
