/**
 * A sign-in asked for before the app ran (docs/arrival.md, "Popups"): the server's sign-up method
 * page submits its provider buttons as a GET form (`?start={provider}`), and the page that comes
 * back starts that sign-in once the app runs. Nothing else may start one: not a link that carries
 * `?start=` (from a chat, another site, or another page of this origin, whatever its referrer).
 * So the tap leaves a one-time mark in this tab's session storage, written by the one script the
 * server's page runs up front (takeover.ts), naming the page and the provider; the page that
 * comes back starts the sign-in only when it finds the mark for its own path and that provider,
 * fresh, and takes it away. Another tab, another browser (the in-app browser's way out) or a
 * later visit finds none.
 */

/** The query parameter the server's provider buttons submit. */
export const START_PARAM = 'start';

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
 * Marks each submit of a provider button (`name="start"`) on the page: installed by takeover.ts,
 * so that a tap before the app runs is marked (the app's buttons open the popup instead).
 */
export function markStartTaps(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const button = event.submitter;
      const form = event.target;
      if (!(button instanceof HTMLButtonElement) || button.name !== START_PARAM) return;
      if (!(form instanceof HTMLFormElement)) return;
      markStartTap(new URL(form.action, window.location.href).pathname, button.value);
    },
    true,
  );
}
