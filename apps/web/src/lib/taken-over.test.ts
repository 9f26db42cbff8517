import { describe, expect, it } from 'vitest';

describe('the takeover, in one word', () => {
  it('has no module named for hydration or early taps: what knows of it imports lib/taken-over.tsx', () => {
    const modules = Object.keys(import.meta.glob('/src/**/*{hydrat,early}*.{ts,tsx}'));
    expect(modules).toEqual([]);
    expect(Object.keys(import.meta.glob('/src/lib/*taken-over*.tsx'))).toEqual(['/src/lib/taken-over.tsx']);
  });
});
