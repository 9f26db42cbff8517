import { afterEach, describe, expect, it } from 'vitest';
import { markStartTap, SERVER_START_MARK_TTL_MS, START_MARK_TTL_MS, takeStartTap } from './sign-in-start';

const path = '/social-sign-up/asha';

afterEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-start-waiting');
});

describe('a sign-in asked for before the app ran', () => {
  it('starts only after a tap on the same page for the same provider, once', () => {
    markStartTap(path, 'google.com', 1_000);
    expect(takeStartTap(path, 'google.com', 2_000)).toBe(true);
    expect(takeStartTap(path, 'google.com', 2_000)).toBe(false);
  });

  it('does not start without a tap (a link with ?start=), nor for another page or provider', () => {
    expect(takeStartTap(path, 'google.com')).toBe(false);
    markStartTap('/social-sign-up/other', 'google.com', 1_000);
    expect(takeStartTap(path, 'google.com', 2_000)).toBe(false);
    markStartTap(path, 'apple.com', 1_000);
    expect(takeStartTap(path, 'google.com', 2_000)).toBe(false);
  });

  it('does not start from a tap that never came back in time', () => {
    markStartTap(path, 'google.com', 1_000);
    expect(takeStartTap(path, 'google.com', 1_000 + START_MARK_TTL_MS + 1)).toBe(false);
    sessionStorage.setItem('dayfocus.startTap', '{not json');
    expect(takeStartTap(path, 'google.com')).toBe(false);
  });

  it("waits longer for the server's start, whose answer comes after the provider's page", () => {
    markStartTap(path, 'apple.com', 1_000);
    expect(takeStartTap(path, 'apple.com', 1_000 + 10 * 60_000, SERVER_START_MARK_TTL_MS)).toBe(true);
    markStartTap(path, 'apple.com', 1_000);
    expect(takeStartTap(path, 'apple.com', 1_000 + SERVER_START_MARK_TTL_MS + 1, SERVER_START_MARK_TTL_MS)).toBe(false);
  });
});
