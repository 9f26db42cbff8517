import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markStartTap, markStartTaps, START_MARK_TTL_MS, takeStartTap } from './sign-in-start';

const path = '/social-sign-up/asha';

beforeAll(() => {
  // As takeover/entry.ts installs it; once for the page.
  markStartTaps();
});

afterEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-start-waiting');
});

/** The server's method page as takeover/entry.ts finds it: the hidden form, its provider buttons posting to the start. */
function methodPage() {
  const start = `formaction="/auth/start?from=${encodeURIComponent(path)}" formmethod="post" data-server-start`;
  document.body.innerHTML = `
    <form id="start-form" method="get" action="${path}"><input type="hidden" name="lg" value="en"></form>
    <button form="start-form" name="start" value="apple.com" ${start}>Apple</button>
    <button form="start-form" name="start" value="google.com" ${start}>Google</button>
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

  it("marks a submit of the page's provider button, and nothing else, and holds none of them", () => {
    const { form, apple, other, loaded } = methodPage();
    form.requestSubmit(other);
    expect(takeStartTap(path, 'google.com')).toBe(false);
    form.requestSubmit(apple);
    expect(takeStartTap(path, 'apple.com')).toBe(true);
    // Both went to the browser: the provider's to the server's start.
    expect(loaded).toEqual(['google.com', 'apple.com']);
  });

  it('marks each tap anew: a second tap after the page came back is a tap of its own', () => {
    const { form, google } = methodPage();
    form.requestSubmit(google);
    expect(takeStartTap(path, 'google.com')).toBe(true);
    expect(takeStartTap(path, 'google.com')).toBe(false);
    form.requestSubmit(google);
    expect(takeStartTap(path, 'google.com')).toBe(true);
  });
});
