import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-file-times.mjs';

export default defineConfig({
  // The workers' module graph shared by the files (docs/testing.md).
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    include: ['test/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});
