/**
 * A sign-in asked for before the app ran (docs/arrival.md, "Popups"): the server's sign-up method
 * page submits its provider buttons as a GET form (`?start={provider}`), and the page that comes
 * back starts that sign-in once the app runs. Nothing else may start one: not a link that carries
 * `?start=` (from a chat, another site, or another page of this origin, whatever its referrer).
 * So the tap leaves a one-time mark in this tab's session storage, written by the one script the
 * server's page runs up front (takeover/entry.ts), naming the page and the provider; the page that
 * comes back starts the sign-in only when it finds the mark for its own path and that provider,
 * fresh, and takes it away. Another tab, another browser (the in-app browser's way out) or a
 * later visit finds none.
 */
import { SIGN_IN_PROVIDER_FIELD } from '@dayfocus/contracts/provider-return';

/** The query parameter the server's provider buttons submit. */
export const START_PARAM = SIGN_IN_PROVIDER_FIELD;

/**
 * On a provider button whose tap posts to the server's start (`/auth/start`): neither the page's
 * inline script (takeover/held-taps.ts) nor `takeStartTaps` holds it; the browser goes.
 */
export const SERVER_START_ATTRIBUTE = 'data-server-start';

/** The providers a `start` may name. */
export const START_PROVIDERS = ['apple.com', 'google.com'] as const;

export function isStartProvider(value: string | null): value is (typeof START_PROVIDERS)[number] {
  return START_PROVIDERS.some((provider) => provider === value);
}

const MARK_KEY = 'dayfocus.startTap';

/**
 * How long a mark waits for its page: the form's round trip and the app's load after it, on a slow
 * phone network. Longer would let a link followed later in the same tab find a tap that never
 * came back (a failed submit).
 */
export const START_MARK_TTL_MS = 2 * 60_000;

interface StartMark {
  path: string;
  provider: string;
  at: number;
}

/** Marks a tap on a provider button of the server's form, about to load `path?start={provider}`. */
export function markStartTap(path: string, provider: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(MARK_KEY, JSON.stringify({ path, provider, at: now } satisfies StartMark));
  } catch {
    // Storage refused (private mode): the page comes back with its buttons, and a tap signs in.
  }
}

/** Whether this tab tapped `provider` on the form of `path` just now; the mark is used up either way. */
export function takeStartTap(path: string, provider: string, now = Date.now()): boolean {
  let mark: Partial<StartMark> | null = null;
  try {
    const stored = sessionStorage.getItem(MARK_KEY);
    sessionStorage.removeItem(MARK_KEY);
    mark = stored ? (JSON.parse(stored) as Partial<StartMark>) : null;
  } catch {
    return false;
  }
  return (
    mark?.path === path &&
    mark.provider === provider &&
    typeof mark.at === 'number' &&
    now - mark.at >= 0 &&
    now - mark.at <= START_MARK_TTL_MS
  );
}

/**
 * Set on `<html>` to the provider whose tap is held until Auth has loaded (outside the part of the
 * page React takes over, so that the takeover finds the server's markup as it was): the
 * stylesheet shows that button working.
 */
export const START_WAITING_ATTRIBUTE = 'data-start-waiting';

/**
 * Starts `provider`'s sign-in in this page, by redirect (set once Auth has loaded: `armStartTaps`);
 * settles only when it could not start (the page leaves for the provider's otherwise).
 */
type StartSignIn = (provider: StartProvider) => Promise<unknown>;

export type StartProvider = (typeof START_PROVIDERS)[number];

/** How the page takes a tap on a provider button before the app has it. */
let taps: {
  holding: boolean;
  start: StartSignIn | null;
  held: { form: HTMLFormElement; button: HTMLButtonElement; provider: StartProvider } | null;
} = { holding: false, start: null, held: null };

let listening = false;

/**
 * Takes each tap on a provider button (`name="start"`) of the server's page, before the app has
 * the page (its buttons then open the popup, and submit nothing). Installed by the takeover's
 * entry (takeover/entry.ts), with `hold` on the method page, where it loads Auth first:
 * - once Auth has loaded (`armStartTaps`), a tap starts the sign-in at once, in this page;
 * - before, with `hold`, the tap is held: the button says it is working, and the sign-in starts
 *   when Auth comes (no second tap, no second load of the page);
 * - otherwise (or when Auth could not load) the form is submitted, marked: the page comes back
 *   as `?start=` and starts the sign-in once Auth has loaded there (`takeStartTap`).
 */
export function takeStartTaps({ hold }: { hold: boolean }): void {
  taps = { holding: hold, start: null, held: null };
  if (listening) return;
  listening = true;
  document.addEventListener(
    'submit',
    (event) => {
      const button = event.submitter;
      const form = event.target;
      if (!(button instanceof HTMLButtonElement) || button.name !== START_PARAM) return;
      if (!(form instanceof HTMLFormElement) || !isStartProvider(button.value)) return;
      // The server's start: the provider's page in one round trip. Marked still: a server that
      // does not start this provider sends the page back as `?start=`, for the page to start it.
      if (button.hasAttribute(SERVER_START_ATTRIBUTE)) {
        markStartTap(new URL(form.action, window.location.href).pathname, button.value);
        return;
      }
      if (taps.start || taps.holding) {
        event.preventDefault();
        if (taps.start) startNow(taps.start, button.value);
        else {
          taps.held = { form, button, provider: button.value };
          document.documentElement.setAttribute(START_WAITING_ATTRIBUTE, button.value);
        }
        return;
      }
      markStartTap(new URL(form.action, window.location.href).pathname, button.value);
    },
    true,
  );
}

/** Auth has loaded: a tap held meanwhile starts its sign-in now, and every later tap at once. */
export function armStartTaps(start: StartSignIn): void {
  taps.start = start;
  const { held } = taps;
  taps.held = null;
  if (held) startNow(start, held.provider);
}

/** Starts the sign-in; the button stops saying it is working only if it could not start. */
function startNow(start: StartSignIn, provider: StartProvider): void {
  start(provider).catch(() => document.documentElement.removeAttribute(START_WAITING_ATTRIBUTE));
}

/**
 * Auth could not load: taps go back to the form (the page comes back as `?start=`), a tap held
 * meanwhile with them.
 */
export function releaseStartTaps(): void {
  const { held } = taps;
  taps = { holding: false, start: null, held: null };
  document.documentElement.removeAttribute(START_WAITING_ATTRIBUTE);
  held?.form.requestSubmit(held.button);
}
