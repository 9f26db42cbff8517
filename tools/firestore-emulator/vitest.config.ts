import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The workers' module graph shared by the files (docs/testing.md): each starts its own emulator.
    isolate: false,
    // Contended transactions are retried by firebase-admin with a back-off of ~1 s, 1.5 s, ...
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
