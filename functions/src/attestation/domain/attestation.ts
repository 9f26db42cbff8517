/**
 * The App Check fallback's rules: the second way to attest, for a visitor whose first attestation
 * (reCAPTCHA Enterprise) was refused, after which App Check's SDK asks nothing for a day. Its
 * price is a proof of work (ALTCHA's challenge, docs/arrival.md); its limits keep it from being
 * the cheaper door for the scripts App Check keeps out. Pure.
 */
import type { RollingWindow } from '../../platform/domain/rolling-window.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Per client (the key its page keeps). A journey asks a handful: one per replay-protected call and
 * one for its first ordinary token, which App Check keeps for its life. The caller names the key,
 * so this holds honest pages only: a script names a new one each time, and the address's limit
 * below is the one that binds it.
 */
export const CHALLENGES_PER_CLIENT: RollingWindow = { limit: 12, windowMs: HOUR_MS };

/**
 * How many challenges one address may ask for in an hour, every client behind it together. High,
 * because a mobile carrier puts many phones behind one address; low enough that a script on one
 * address gets no more tokens in an hour than a few hundred visitors' journeys.
 */
export const CHALLENGES_PER_ADDRESS: RollingWindow = { limit: 600, windowMs: HOUR_MS };

/** How long a challenge may be solved and redeemed: a phone solves one in a second or two. */
export const CHALLENGE_LIFE_MS = 5 * MINUTE_MS;

/** A minted token's life: the Admin SDK's shortest (30 minutes), so that a token sold on goes stale soon. */
export const FALLBACK_TOKEN_LIFE_MS = 30 * MINUTE_MS;

/**
 * The work a challenge asks for: SHA-256 rounds until the counter the challenge hides is found,
 * drawn at random between these. A browser hashes one round per Web Crypto call, some tens of
 * thousands a second on a phone: at the upper end, well under a second, asked once or twice
 * before a step goes on. A script hashes far faster, so the work is a toll, not a wall: the
 * address's limit above is what bounds how many tokens it gets. Work that grew with an address's
 * volume would slow the many phones behind a carrier's address long before it slowed a script
 * (docs/arrival.md has the figures).
 */
export const CHALLENGE_WORK = { min: 2_000, max: 20_000 } as const;

/**
 * The fallback's figures: challenges asked (a page's first attestation failed), tokens minted.
 * Refused solutions are not counted: a script may send any number, and each would be a write.
 */
export const ATTESTATION_EVENTS = ['challenges', 'tokens'] as const;
export type AttestationEvent = (typeof ATTESTATION_EVENTS)[number];

/** A context the page did not name: an older page, or a script. */
export const UNNAMED_CONTEXT = 'unnamed';

/**
 * Shards per day and context: a burst of refused visitors in one app's browser puts its
 * increments on several documents, each of which sustains about one write a second.
 */
export const ATTESTATION_COUNT_SHARDS = 8;

export function attestationCountId(now: Date, context: string, shard: number): string {
  return `${now.toISOString().slice(0, 10)}_${context}_${shard}`;
}

export interface SubmittedSolution {
  challenge: { parameters: Record<string, unknown> & { data?: Record<string, unknown> }; signature?: string };
  solution: { counter: number; derivedKey: string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** ALTCHA's payload, as JSON. */
export function parseSolution(text: string): SubmittedSolution | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.challenge) || !isObject(value.solution)) return null;
  const { challenge, solution } = value;
  if (!isObject(challenge.parameters)) return null;
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
  if (challenge.signature !== undefined && typeof challenge.signature !== 'string') return null;
  return {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}

/** Its `data.id`. */
export function challengeIdOf(submitted: SubmittedSolution): string | null {
  const id = submitted.challenge.parameters.data?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : null;
}

export interface AttestationDay {
  day: string;
  context: string;
  challenges: number;
  tokens: number;
  /** Challenges no token came of: pages that gave up or failed after asking, or scripts that did not solve. */
  unredeemed: number;
}

/** By day, then by the most challenges; a shard without a day or context, or a missing figure, counts nothing. */
export function sumAttestationCounts(shards: readonly Record<string, unknown>[]): AttestationDay[] {
  const rows = new Map<string, AttestationDay>();
  for (const shard of shards) {
    const { day, context } = shard;
    if (typeof day !== 'string' || typeof context !== 'string') continue;
    const key = `${day} ${context}`;
    const row = rows.get(key) ?? { day, context, challenges: 0, tokens: 0, unredeemed: 0 };
    for (const event of ATTESTATION_EVENTS) {
      const value = shard[event];
      if (typeof value === 'number' && Number.isFinite(value)) row[event] += value;
    }
    row.unredeemed = Math.max(0, row.challenges - row.tokens);
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || b.challenges - a.challenges);
}
