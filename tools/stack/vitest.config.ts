import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The workers' module graph shared by the files (docs/testing.md).
  test: { include: ['test/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 60_000, isolate: false },
});
