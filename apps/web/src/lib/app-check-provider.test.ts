// The App Check provider (firebase.ts) drives reCAPTCHA Enterprise's provider through the methods
// App Check itself calls, which its public types leave out: a Firebase upgrade that renames them
// fails here, not in a visitor's browser where Google's servers answer.
import { CustomProvider, ReCaptchaEnterpriseProvider } from 'firebase/app-check';
import { describe, expect, it } from 'vitest';

describe("App Check's providers, as the fallback's provider drives them", () => {
  it('reCAPTCHA Enterprise takes `initialize(app)` and `getToken(limitedUse)`, and throttles in `getToken`', () => {
    const internals = ReCaptchaEnterpriseProvider.prototype as unknown as Record<string, unknown>;
    expect(typeof internals.initialize).toBe('function');
    expect(typeof internals.getToken).toBe('function');
    // The throttle lives in the provider: what a day without asking throws is the fallback's cue.
    expect(String(internals.getToken)).toContain('throttle');
    expect((internals.getToken as (limitedUse?: boolean) => unknown).length).toBe(0);
    expect(String(internals.getToken)).toMatch(/isLimitedUse|limited_use/);
  });

  it('a custom provider takes `initialize(app)`, which the fallback calls on its own', () => {
    const internals = CustomProvider.prototype as unknown as Record<string, unknown>;
    expect(typeof internals.initialize).toBe('function');
  });
});
