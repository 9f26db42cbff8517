/**
 * The hot lane's guard: its tests need the stack's hot-document model on, as `npm run test:hot`
 * switches it on; without it every join would pass whatever the design, so they fail, never pass.
 */
import { beforeAll } from 'vitest';
import { hotDocumentsMismatch } from '@dayfocus/stack/testing';

export function requireHotModel(): void {
  beforeAll(async () => {
    const mismatch = process.env.FIRESTORE_HOT_DOCUMENTS === 'production' ? await hotDocumentsMismatch(undefined) : '';
    if (mismatch !== null)
      throw new Error(
        `These tests need the stack's hot-document model on (${mismatch || 'FIRESTORE_HOT_DOCUMENTS is not production'}): run them with \`npm run test:hot\`.`,
      );
  });
}
