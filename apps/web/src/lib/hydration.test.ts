import { describe, expect, it } from 'vitest';

describe('the hydration module', () => {
  it('is one: whatever knows about the takeover of a server page imports lib/hydration.tsx', () => {
    // Three modules said "hydrated" in three ways before (a hook, a promise and a context): one now.
    const modules = Object.keys(import.meta.glob('/src/**/*hydrat*.{ts,tsx}')).filter(
      (path) => !path.endsWith('.test.ts'),
    );
    expect(modules).toEqual(['/src/lib/hydration.tsx']);
  });
});
