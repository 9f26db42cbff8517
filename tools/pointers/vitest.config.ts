import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-file-times.mjs';

export default defineConfig({
  // Each test makes a small Git repository in a temporary folder and checks it.
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    include: ['test/**/*.test.ts'],
    // One module graph a worker: `vitest doctor` measured 10 % less, and the files passed in shuffled
    // orders (each keeps its state in its own temporary repository).
    isolate: false,
    testTimeout: 120_000,
  },
});
