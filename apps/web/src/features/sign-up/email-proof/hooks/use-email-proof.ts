import type { EmailProofNonce } from '@dayfocus/contracts/answers';
import { useContext, useEffect, useState } from 'react';
import { RuntimeConfigContext } from '@/config/runtime-config';

const HOLDER_KEY = 'dayfocus:emailProofHolder';
/** A new nonce this long before the last one expires, so that the field never holds a stale one. */
const RENEW_BEFORE_MS = 60_000;
/** Never sooner than this after the last ask, whatever the expiry says (a clock far off). */
const MIN_RENEW_MS = 30_000;

/** What the sign-up form puts on its hidden field, and sends with the browser's token. */
export interface EmailProofBinding {
  nonce: string;
  holder: string;
}

/** 24 random bytes in base64url (32 characters): the server takes 22 to 64. */
function newHolder(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** This tab's holder key: kept in session storage for the tab, a fresh one per page where storage is refused. */
function tabHolder(): string {
  try {
    const kept = window.sessionStorage.getItem(HOLDER_KEY);
    if (kept && /^[A-Za-z0-9_-]{22,64}$/.test(kept)) return kept;
    const holder = newHolder();
    window.sessionStorage.setItem(HOLDER_KEY, holder);
    return holder;
  } catch {
    return newHolder();
  }
}

export interface EmailProofApi {
  askEmailProofNonce(holder: string): Promise<EmailProofNonce>;
  isEmailProofOff(error: unknown): boolean;
}

const loadApi = (): Promise<EmailProofApi> => import('../api/email-proof');

/**
 * The nonce of the browser's proof of the address, once `enabled` (the app has the page) and only
 * where the configuration names the origin trial's token: no browser offers the proof without it,
 * and the ask loads Firebase and App Check into a takeover that needs neither. Asked for this tab's
 * holder and asked again before it expires. Null until one came, and for good when the server says
 * the proof is off here (the form then shows nothing more) or the ask failed: nothing waits on it,
 * and a sign-up without it sends the mail.
 */
export function useEmailProof(
  enabled: boolean,
  load: () => Promise<EmailProofApi> = loadApi,
): EmailProofBinding | null {
  const [binding, setBinding] = useState<EmailProofBinding | null>(null);
  const trial = Boolean(useContext(RuntimeConfigContext)?.originTrialToken);
  useEffect(() => {
    if (!enabled || !trial) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const holder = tabHolder();
    async function ask() {
      let api: EmailProofApi | undefined;
      try {
        api = await load();
        const { nonce, expiresAt } = await api.askEmailProofNonce(holder);
        if (stopped) return;
        setBinding({ nonce, holder });
        const renewIn = Math.max(Date.parse(expiresAt) - Date.now() - RENEW_BEFORE_MS, MIN_RENEW_MS);
        timer = setTimeout(() => void ask(), renewIn);
      } catch (error) {
        if (stopped) return;
        // Off here, or no answer: the field goes (a nonce past its expiry would prove nothing).
        setBinding(null);
        if (!api?.isEmailProofOff(error)) timer = setTimeout(() => void ask(), 5 * MIN_RENEW_MS);
      }
    }
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, trial, load]);
  return binding;
}

/**
 * How long "Sign up" waits for the browser's token when the field was still empty as the form was
 * sent: Chrome fills it once the issuer has answered, some time after she accepted its prompt, and
 * the protocol's own demo polls the field for it (docs/arrival.md, "Three ways to prove the address").
 */
export const TOKEN_WAIT_MS = 2_000;
const TOKEN_POLL_MS = 100;

/**
 * The token the browser filled into `field`: at once when it is there; otherwise, while the address
 * is the one the browser filled itself (`:autofill`, where its prompt comes from), polled for up to
 * TOKEN_WAIT_MS; '' when none came. A typed address waits for nothing: no prompt was shown.
 */
export async function browserToken(field: HTMLInputElement, address: HTMLInputElement | null): Promise<string> {
  if (field.value || !address || !autofilled(address)) return field.value;
  const deadline = Date.now() + TOKEN_WAIT_MS;
  while (!field.value && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, Math.min(TOKEN_POLL_MS, deadline - Date.now())));
  return field.value;
}

/** Whether the browser filled `input` itself (a browser without the selector: no). */
function autofilled(input: HTMLInputElement): boolean {
  for (const selector of [':autofill', ':-webkit-autofill'])
    try {
      if (input.matches(selector)) return true;
    } catch {
      // The selector is unknown to this browser.
    }
  return false;
}
