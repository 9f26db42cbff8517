import { afterEach, describe, expect, it } from 'vitest';
import { markStartTap, markStartTaps, START_MARK_TTL_MS, takeStartTap } from './sign-in-start';

const path = '/social-sign-up/asha';

afterEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
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

  it("marks a submit of the page's provider button, and nothing else", () => {
    markStartTaps();
    document.body.innerHTML = `
      <form id="start-form" method="get" action="${path}"><input type="hidden" name="lg" value="en"></form>
      <button form="start-form" name="start" value="apple.com">Apple</button>
      <button form="start-form" name="other" value="google.com">Other</button>`;
    const form = document.getElementById('start-form') as HTMLFormElement;
    const [apple, other] = [...document.querySelectorAll('button')];
    // jsdom does not navigate; the submit event is what the marking listens to.
    form.addEventListener('submit', (event) => event.preventDefault());
    form.requestSubmit(other);
    expect(takeStartTap(path, 'google.com')).toBe(false);
    form.requestSubmit(apple);
    expect(takeStartTap(path, 'apple.com')).toBe(true);
  });
});
