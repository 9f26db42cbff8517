import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The refusal tests build the web app and run firebase-tools' predeploy hooks in copies of the tree:
  // mostly subprocesses, so two files at a time (vitest's default here is one, on two processors).
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
