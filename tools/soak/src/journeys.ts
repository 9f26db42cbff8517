/**
 * The journeys of a soak, planned up front from the seed: their kinds, their inviters, and what
 * each kind says docs/joins.md expects of it (the pair joined once, or not at all). Their steps
 * are in journey-steps.ts (the sign-in handoff's in handoff-steps.ts); run-journey.ts runs one.
 */
import { PHONES, type Phone } from '@dayfocus/contracts/phones';
import type { BurstMember } from './burst.js';
import type { Rng } from './random.js';

export const JOURNEY_WEIGHTS = {
  /** Sign-up with e-mail on the phone, the verification link opened on another device. */
  email: 30,
  google: 14,
  apple: 10,
  /** An app user (their own record, settings) signing in with Google on a friend's link. */
  'existing-user': 10,
  /** The app's "Add Asha as a friend?", accepted with the link's code. */
  'app-accept': 10,
  /** The e-mail's link opened in two tabs at once: two activations race. */
  'two-tabs': 8,
  /** An e-mail sign-up on one friend's link, then the owner signs in with Google on another's. */
  takeover: 9,
  /** A stranger signs up with someone else's address on a friend's link and never proves it. */
  squatter: 9,
  /** A Google sign-up on the link, then "Get the app": the app redeems the handoff and signs in. */
  redeems: 8,
  /** The same, then a second installation redeems the code too (a forwarded code): refused, sessions ended. */
  'redeems-twice': 6,
} as const;

/**
 * With `--viral` only: an e-mail sign-up on the viral inviter's link, as `email`. Its weight puts
 * about 40% of journeys on her; the viral journeys of a wave activate together (burst.ts).
 */
export const VIRAL_WEIGHT = 76;

/** The kinds that end in the sign-in handoff (handoff-steps.ts). */
export const HANDOFF_KINDS: ReadonlySet<JourneyKind> = new Set(['redeems', 'redeems-twice']);

/**
 * The journeys on a closed invitation (closed-journeys.ts): an e-mail, a Google sign-up or the
 * app's acceptance through an invitation she paused, that expired or that is at its limit.
 */
export type ClosedKind = 'closed-email' | 'closed-google' | 'closed-app';

export type JourneyKind = keyof typeof JOURNEY_WEIGHTS | 'viral' | ClosedKind;

/**
 * How a closed journey's invitation is closed: before the journey (`paused`, `expired`), by the
 * limit once its joins are made (`limited`), or by her pause between the sign-up and its
 * confirmation (`paused-after-sign-up`, an inviter of its own). Or the journey comes through a link
 * of hers for one chat (docs/inviter-view.md, "Her links"): one she retired, one at its own limit,
 * or one that asks her first (whose requests she never decides in the run).
 */
export type ClosedWay =
  'paused' | 'expired' | 'limited' | 'paused-after-sign-up' | 'link-retired' | 'link-limited' | 'link-asks';

/**
 * What a closed journey's calls through her invitation answered: refused as closed, an
 * activation that confirmed the address and joined nobody, a join that passed, or a request that
 * waits for her.
 */
export type ClosedAnswer = 'refused' | 'activated-closed' | 'joined' | 'requested';

export interface Inviter {
  userId: string;
  token: string;
  code: string;
  popular: boolean;
  /** A closed journey's link of hers for one chat, which its calls name (closed-journeys.ts). */
  chatLink?: string;
}

export interface JourneyPlan {
  index: number;
  kind: JourneyKind;
  inviter: Inviter;
  /** The takeover's second friend, whose link the owner signs in on. */
  other?: Inviter;
  /** The store the handoff's code is made for, and its app's platform. */
  platform?: Phone;
  /** The journey's last call is made again once it is done. */
  replay: boolean;
  /** The person gives up on a failure and comes back after the other journeys. */
  givesUp: boolean;
  /** A viral journey's place in its wave's burst, where it waits for the others before it activates. */
  burst?: BurstMember;
  /** A closed journey's: how her invitation is closed. */
  closed?: ClosedWay;
}

/** Whom a finished journey should have joined, for the invariants. */
export interface JourneyOutcome {
  plan: JourneyPlan;
  inviteeId?: string;
  /** The inviter the invitee must be friends with once (if the journey finished). */
  joins?: string;
  /** Inviters the invitee must never be friends with. */
  never: string[];
  /** The record an app user had before, which must keep every field. */
  before?: Record<string, unknown>;
  finished: boolean;
  gaveUpOnce: boolean;
  error?: string;
  /** Resumes a journey that gave up (undefined once finished). */
  resume?: () => Promise<void>;
  /** What the apps of a handoff journey met. */
  handoff?: HandoffOutcome;
  /** What a closed journey's calls through her invitation answered, the replay's included. */
  closedAnswers?: ClosedAnswer[];
}

/** The first app's redemption: its answer after the retries it made, and the session it signed in to. */
export interface Redeemed {
  /** 'ok', or the refusal's code ('permission-denied'). */
  answer: string;
  /** Transient failures that the same installation tried again after (the designed retry). */
  retried: number;
  /** The account the app signed in as, its ID token and the token's `handoff` claim. */
  session?: { uid: string; idToken: string; claim: unknown };
}

/** What the apps of a sign-in handoff journey met, for the invariants. */
export interface HandoffOutcome {
  first?: Redeemed;
  /** The same installation redeeming the code again at once (a replay of `redeems`). */
  replay?: string;
  /** Each answer the second installation got (`redeems-twice`). */
  second: string[];
}

/**
 * The journeys of a run, each drawn from the seed. Without a viral inviter the kind `viral` is
 * not drawn at all, so a seed plans what it planned before `--viral` existed.
 */
export function planJourneys(
  rng: Rng,
  count: number,
  inviters: { popular: Inviter[]; ordinary: Inviter[]; viral?: Inviter },
) {
  const plans: JourneyPlan[] = [];
  const anyInviter = () => (rng.chance(0.4) ? rng.pick(inviters.popular) : rng.pick(inviters.ordinary));
  for (let index = 0; index < count; index++) {
    const kind: JourneyKind = inviters.viral
      ? rng.weighted({ ...JOURNEY_WEIGHTS, viral: VIRAL_WEIGHT })
      : rng.weighted(JOURNEY_WEIGHTS);
    // Drawn for every kind, so that the draws after it do not depend on the kind.
    const drawn = anyInviter();
    const inviter = kind === 'viral' && inviters.viral ? inviters.viral : drawn;
    let other = anyInviter();
    while (other.userId === inviter.userId) other = rng.pick(inviters.ordinary);
    const platform = HANDOFF_KINDS.has(kind) ? rng.pick(PHONES) : undefined;
    plans.push({ index, kind, inviter, other, platform, replay: rng.chance(0.2), givesUp: rng.chance(0.15) });
  }
  return plans;
}

/**
 * The inviters whose funnel counts this journey's sign-up, given the inviter its record names
 * at the end (`invitedBy` of its `_signUps` record): docs/joins.md counts an account that names an inviter at sign-up
 * for the first time. A journey's steps run in order, so the record tells how far it got: an
 * e-mail, Google or Apple sign-up (an app user's first one on a friend's link included) names
 * the link's inviter; a takeover names the first friend, then the second; acceptance in the
 * app names nobody.
 */
export function signUpsCounted(plan: JourneyPlan, recordedInviter: unknown): string[] {
  const inviterId = plan.inviter.userId;
  switch (plan.kind) {
    case 'app-accept':
      return [];
    case 'takeover': {
      const other = (plan.other as Inviter).userId;
      return recordedInviter === other ? [inviterId, other] : recordedInviter === inviterId ? [inviterId] : [];
    }
    default:
      return recordedInviter === inviterId ? [inviterId] : [];
  }
}
