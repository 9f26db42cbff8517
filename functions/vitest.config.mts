import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    tags: [
      {
        name: 'our-emulator',
        description:
          "needs our Firestore emulator's own endpoints (/emulator/v1/faults, /emulator/v1/transactions), which Google's lacks: " +
          "left out, and counted, by the lane on Google's emulator (npm run test:official)",
      },
    ],
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
      {
        // Against the local stack with our emulator's hot-document model on (npm run test:hot).
        extends: true,
        test: {
          name: 'hot',
          include: ['test/hot/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 60_000,
          setupFiles: ['test/stack/setup-env.ts'],
        },
      },
    ],
  },
});
