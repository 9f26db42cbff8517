import { defineConfig } from 'vitest/config';
import { reporters } from '../../scripts/vitest-file-times.mjs';

export default defineConfig({
  test: {
    // Each file's time for npm test's table of the slowest files (scripts/vitest-file-times.mjs).
    reporters,
    include: ['test/**/*.test.ts'],
    // The workers' module graph shared by the files (docs/testing.md): each starts its own emulator.
    isolate: false,
    // Contended transactions are retried by firebase-admin with a back-off of ~1 s, 1.5 s, ...
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
