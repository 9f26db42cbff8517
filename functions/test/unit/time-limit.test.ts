import { afterEach, describe, expect, it, vi } from 'vitest';
import { withinTime } from '../../src/platform/adapters/time-limit.js';

describe('withinTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers the call's outcome when it comes in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    await expect(withinTime(Promise.resolve('done'), 1_000, 'The call')).resolves.toBe('done');
    await expect(withinTime(Promise.reject(new Error('refused')), 1_000, 'The call')).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects, naming the call, once the time has passed without an outcome', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const limited = withinTime(never, 5_000, "The App Check token's consumption");
    const outcome = expect(limited).rejects.toThrow("The App Check token's consumption timed out after 5000 ms");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
