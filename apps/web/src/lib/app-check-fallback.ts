/**
 * The second way to attest, for a visitor whose first attestation failed (docs/arrival.md): App
 * Check's SDK, after one refused exchange, asks nothing for a day, and every callable would be
 * refused for that long. The fallback asks `attestByChallenge` for a proof-of-work challenge,
 * solves it here (ALTCHA's solver) and redeems it for an App Check token. Loaded only when the
 * first attestation has failed: no other visitor downloads the solver.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { AnswerOf, RequestOf } from '@dayfocus/contracts/callables';
import { checkStarted } from './attestation-wait';
import { currentInAppBrowser } from './in-app-browser';

/** Where this page keeps the key it names itself by to the fallback's per-client limit. */
const CLIENT_KEY = 'dayfocus:attestation-client';

/** The page's client key: made once, kept while the browser keeps its storage. */
function clientKey(): string {
  const made = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  try {
    const kept = window.localStorage.getItem(CLIENT_KEY);
    if (kept) return kept;
    const key = made();
    window.localStorage.setItem(CLIENT_KEY, key);
    return key;
  } catch {
    // Storage refused (some in-app browsers): a key for this page only.
    return made();
  }
}

/**
 * Where this page runs, for the fallback's figures (docs/arrival.md): `browser`, or the in-app
 * browser's app by name (`instagram`), `in-app` when it is not known by name.
 */
function arrivalContext(): string {
  const inApp = currentInAppBrowser();
  if (!inApp) return 'browser';
  const name = (inApp.appName ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return name || 'in-app';
}

type Request = RequestOf<'attestByChallenge'>;
type Answer = AnswerOf<'attestByChallenge'>;

/**
 * One call of `attestByChallenge` by the callable protocol, without the Firebase SDK: the SDK
 * would ask App Check for a token first, which is what failed.
 */
async function attest(callablesUrl: string, request: Request): Promise<Answer> {
  const response = await fetch(`${callablesUrl}/attestByChallenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: request }),
    cache: 'no-store',
  });
  const body = (await response.json().catch(() => ({}))) as { result?: Answer; error?: { status?: string } };
  if (!response.ok || !body.result) {
    throw new Error(`The App Check fallback answered ${response.status} ${body.error?.status ?? ''}`.trim());
  }
  return body.result;
}

type Token = { token: string; expireTimeMillis: number };

/**
 * An App Check token for `appId` from the fallback: a challenge asked for, solved and redeemed;
 * of limited use for a replay-protected call, which consumes it. `other`: the token of the other
 * kind the same solved challenge bought (firebase.ts keeps it for the page's next ask of that kind).
 * A busy button says what it waits for once this has taken a while (attestation-wait.ts).
 */
export async function fallbackToken(
  callablesUrl: string,
  appId: string,
  limitedUse = false,
): Promise<Token & { other?: Token }> {
  const ended = checkStarted();
  try {
    return await solvedToken(callablesUrl, appId, limitedUse);
  } finally {
    ended();
  }
}

async function solvedToken(
  callablesUrl: string,
  appId: string,
  limitedUse: boolean,
): Promise<Token & { other?: Token }> {
  const client = clientKey();
  const context = arrivalContext();
  const asked = await attest(callablesUrl, { appId, client, context });
  if (!('challenge' in asked)) throw new Error('The App Check fallback gave no challenge');
  const challenge = asked.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("The App Check fallback's challenge was not solved in time");
  const redeemed = await attest(callablesUrl, {
    appId,
    client,
    context,
    solution: JSON.stringify({ challenge, solution }),
    limitedUse,
  });
  if (!('token' in redeemed)) throw new Error('The App Check fallback gave no token');
  return redeemed;
}
