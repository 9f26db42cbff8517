import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Each test makes a small Git repository in a temporary folder and checks it.
  test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
