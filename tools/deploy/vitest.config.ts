import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The refusal tests build the web app and run firebase-tools' predeploy hooks in copies of the tree.
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 },
});
