import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Contended transactions are retried by firebase-admin with a back-off of ~1 s, 1.5 s, ...
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
