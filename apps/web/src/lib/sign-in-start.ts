/**
 * A sign-in asked for before the app ran (docs/arrival.md, "Popups"): the server's sign-up method
 * page posts its provider buttons to the server's start (`/auth/start`), and a server that does not
 * start that provider sends the page back as `?start={provider}`, to start that sign-in by
 * Firebase's redirect once Auth has loaded. Nothing else may start one: not a link that carries
 * `?start=` (from a chat, another site, or another page of this origin, whatever its referrer).
 * So the tap leaves a one-time mark in this tab's session storage, written by the page's inline
 * script (takeover/held-taps.ts) or, once the app has the page, by its `signInByServer`, naming the
 * page and the provider; the page that comes back starts the sign-in (or signs in with the
 * provider's token the server's start handed it) only when it finds the mark for its own path and
 * that provider, fresh, and takes it away. Another tab, another browser (the in-app browser's way out) or a
 * later visit finds none.
 */
import { SIGN_IN_PROVIDER_FIELD } from '@dayfocus/contracts/provider-return';

/** The query parameter the server's provider buttons submit. */
export const START_PARAM = SIGN_IN_PROVIDER_FIELD;

/** On a provider button whose tap posts to the server's start (`/auth/start`): the browser goes, nothing holds it. */
export const SERVER_START_ATTRIBUTE = 'data-server-start';

/** The providers a `start` may name. */
export const START_PROVIDERS = ['apple.com', 'google.com'] as const;

export function isStartProvider(value: string | null): value is (typeof START_PROVIDERS)[number] {
  return START_PROVIDERS.some((provider) => provider === value);
}

/** Where the mark is kept; the page's inline script writes it too (takeover/held-taps.ts). */
export const START_MARK_KEY = 'dayfocus.startTap';

/**
 * How long a mark waits for its page: the form's round trip and the app's load after it, on a slow
 * phone network. Longer would let a link followed later in the same tab find a tap that never
 * came back (a failed submit).
 */
export const START_MARK_TTL_MS = 2 * 60_000;

/**
 * How long a tap's mark waits for the provider's answer through the server's start: as long as the
 * start itself (functions' START_LIFE_SECONDS), time to choose an account and type a password.
 */
export const SERVER_START_MARK_TTL_MS = 15 * 60_000;

interface StartMark {
  path: string;
  provider: string;
  at: number;
}

/** Marks a tap on a provider button of the server's form, about to load `path?start={provider}`. */
export function markStartTap(path: string, provider: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(START_MARK_KEY, JSON.stringify({ path, provider, at: now } satisfies StartMark));
  } catch {
    // Storage refused (private mode): the page comes back with its buttons, and a tap signs in.
  }
}

/** Whether this tab tapped `provider` on the form of `path` just now; the mark is used up either way. */
export function takeStartTap(path: string, provider: string, now = Date.now(), ttlMs = START_MARK_TTL_MS): boolean {
  let mark: Partial<StartMark> | null = null;
  try {
    const stored = sessionStorage.getItem(START_MARK_KEY);
    sessionStorage.removeItem(START_MARK_KEY);
    mark = stored ? (JSON.parse(stored) as Partial<StartMark>) : null;
  } catch {
    return false;
  }
  return (
    mark?.path === path &&
    mark.provider === provider &&
    typeof mark.at === 'number' &&
    now - mark.at >= 0 &&
    now - mark.at <= ttlMs
  );
}

/**
 * Set on `<html>` to the provider whose button was tapped before the app had the page, while the
 * browser goes to the server's start (takeover/held-taps.ts sets it; outside the part of the page
 * React takes over): the stylesheet shows that button working.
 */
export const START_WAITING_ATTRIBUTE = 'data-start-waiting';
