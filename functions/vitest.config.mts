import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        // Against the running local stack (tools/stack/with-stack.ts starts it). Files run
        // one after another: the Functions emulator's workers are few and shared.
        extends: true,
        test: {
          name: 'stack',
          include: ['test/stack/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['test/stack/setup-env.ts'],
        },
      },
    ],
  },
});
