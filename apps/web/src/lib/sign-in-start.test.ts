import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  armStartTaps,
  markStartTap,
  releaseStartTaps,
  START_MARK_TTL_MS,
  takeStartTap,
  takeStartTaps,
} from './sign-in-start';

const path = '/social-sign-up/asha';

afterEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-start-waiting');
});

/** The server's method page as takeover/entry.ts finds it: the hidden GET form and its provider buttons. */
function methodPage() {
  document.body.innerHTML = `
    <form id="start-form" method="get" action="${path}"><input type="hidden" name="lg" value="en"></form>
    <button form="start-form" name="start" value="apple.com">Apple</button>
    <button form="start-form" name="start" value="google.com">Google</button>
    <button form="start-form" name="other" value="google.com">Other</button>`;
  const form = document.getElementById('start-form') as HTMLFormElement;
  const button = (name: string, value: string) =>
    document.querySelector(`button[name="${name}"][value="${value}"]`) as HTMLButtonElement;
  // jsdom does not navigate: what reaches the form's own listener is what the browser would load.
  const loaded: string[] = [];
  form.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) loaded.push((event.submitter as HTMLButtonElement).value);
    event.preventDefault();
  });
  return {
    form,
    apple: button('start', 'apple.com'),
    google: button('start', 'google.com'),
    other: button('other', 'google.com'),
    loaded,
  };
}

const waiting = () => document.documentElement.getAttribute('data-start-waiting');

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

  it("marks a submit of the page's provider button, and nothing else, where taps are not held", () => {
    takeStartTaps({ hold: false });
    const { form, apple, other, loaded } = methodPage();
    form.requestSubmit(other);
    expect(takeStartTap(path, 'google.com')).toBe(false);
    form.requestSubmit(apple);
    expect(takeStartTap(path, 'apple.com')).toBe(true);
    expect(loaded).toEqual(['google.com', 'apple.com']);
  });
});

describe('a tap on the method page before the app, in the page itself', () => {
  it('is held until Auth has loaded, says so, then starts the sign-in once, without loading the page again', () => {
    takeStartTaps({ hold: true });
    const { form, google, loaded } = methodPage();
    form.requestSubmit(google);
    expect(waiting()).toBe('google.com');
    expect(loaded).toEqual([]);
    expect(takeStartTap(path, 'google.com')).toBe(false);

    const start = vi.fn(() => new Promise<never>(() => {}));
    armStartTaps(start);
    expect(start.mock.calls).toEqual([['google.com']]);
    expect(waiting()).toBe('google.com');
  });

  it('starts at once once Auth has loaded', () => {
    takeStartTaps({ hold: true });
    const { form, apple, loaded } = methodPage();
    const start = vi.fn(() => new Promise<never>(() => {}));
    armStartTaps(start);
    form.requestSubmit(apple);
    expect(start.mock.calls).toEqual([['apple.com']]);
    expect(loaded).toEqual([]);
  });

  it('stops saying it is working when the sign-in could not start', async () => {
    takeStartTaps({ hold: true });
    const { form, google } = methodPage();
    armStartTaps(() => Promise.reject(new Error('network')));
    form.requestSubmit(google);
    await vi.waitFor(() => expect(waiting()).toBeNull());
  });

  it('goes back to the form, marked, when Auth could not load', () => {
    takeStartTaps({ hold: true });
    const { form, apple, loaded } = methodPage();
    form.requestSubmit(apple);
    releaseStartTaps();
    expect(waiting()).toBeNull();
    expect(loaded).toEqual(['apple.com']);
    expect(takeStartTap(path, 'apple.com')).toBe(true);
  });
});
