import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeStartTap } from '@/lib/sign-in-start';
import { claimHeldTap, TAP_HOLD_MS, heldTapScript } from './held-taps';

/** The page's state between tests: the script's listener stays (as on a page), its marks do not. */
const win = window as { dayfocusTakeover?: boolean; dayfocusHeld?: unknown };

beforeAll(() => {
  // As the page's head runs it, before anything can be tapped.
  new Function(heldTapScript())();
});

afterEach(() => {
  vi.useRealTimers();
  delete win.dayfocusTakeover;
  delete win.dayfocusHeld;
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-start-waiting');
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-submit-waiting');
});

/** The server's method page and e-mail form; `loaded` is what the browser would have sent. */
function page() {
  document.body.innerHTML = `
    <form id="start-form" method="get" action="/social-sign-up/asha"></form>
    <button form="start-form" name="start" value="google.com" formaction="/auth/start" formmethod="post" data-server-start>Google</button>
    <form id="email-form" method="post" data-held-submit><input name="username"><button>Sign up</button></form>`;
  const loaded: string[] = [];
  for (const form of document.querySelectorAll('form')) {
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) loaded.push(form.id);
      event.preventDefault(); // jsdom does not navigate
    });
  }
  const start = document.getElementById('start-form') as HTMLFormElement;
  const email = document.getElementById('email-form') as HTMLFormElement;
  const google = document.querySelector('button[name="start"]') as HTMLButtonElement;
  return { start, email, google, loaded };
}

const attribute = (name: string) => document.documentElement.getAttribute(name);

describe('a tap before any script of the page has run', () => {
  it("lets a provider's tap go to the server's start at once, and shows that button working", () => {
    const { start, google, loaded } = page();
    start.requestSubmit(google);
    expect(loaded).toEqual(['start-form']);
    expect(attribute('data-start-waiting')).toBe('google.com');
    expect(claimHeldTap()).toBeNull();
  });

  it("marks the provider's tap as this tab's, for this page, and nothing else's", () => {
    const { start, email, google } = page();
    email.requestSubmit();
    expect(takeStartTap('/social-sign-up/asha', 'google.com')).toBe(false);
    start.requestSubmit(google);
    expect(takeStartTap('/social-sign-up/asha', 'apple.com')).toBe(false);
    start.requestSubmit(google);
    expect(takeStartTap('/social-sign-up/asha', 'google.com')).toBe(true);
    expect(takeStartTap('/social-sign-up/asha', 'google.com')).toBe(false);
  });

  it('stops showing it working when the page comes back as it was left (the back button)', () => {
    const { start, google } = page();
    start.requestSubmit(google);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(attribute('data-start-waiting')).toBe('google.com');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(attribute('data-start-waiting')).toBeNull();
  });

  it("holds the e-mail form's submit, and lets every submit through once the takeover has the page", () => {
    const { email, start, google, loaded } = page();
    email.requestSubmit();
    expect(attribute('data-submit-waiting')).toBe('');
    expect(claimHeldTap()?.form).toBe(email);
    start.requestSubmit(google);
    email.requestSubmit();
    expect(loaded).toEqual(['start-form', 'email-form']);
  });

  it('holds nothing else', () => {
    document.body.innerHTML = '<form id="other" method="post"><button>Confirm</button></form>';
    const other = document.getElementById('other') as HTMLFormElement;
    let sent = false;
    other.addEventListener('submit', (event) => {
      sent = !event.defaultPrevented;
      event.preventDefault();
    });
    other.requestSubmit();
    expect(sent).toBe(true);
    expect(claimHeldTap()).toBeNull();
  });

  it('gives a held submit to the browser when the takeover never comes', () => {
    vi.useFakeTimers();
    const { email, loaded } = page();
    email.requestSubmit();
    vi.advanceTimersByTime(TAP_HOLD_MS - 1);
    expect(loaded).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaded).toEqual(['email-form']);
    expect(attribute('data-submit-waiting')).toBeNull();
  });
});
