/**
 * The journeys of a soak, planned up front from the seed and run through the same calls the
 * pages and the app make (person.ts). Each kind says what docs/joins.md expects of it: the
 * pair joined once, or not at all.
 */
import { verificationEmail } from '@dayfocus/stack/testing';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { isTransient, Person, type Patience } from './person.js';
import type { Rng } from './random.js';
import { adminDb, steadily } from './store.js';

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
} as const;

export type JourneyKind = keyof typeof JOURNEY_WEIGHTS;

export interface Inviter {
  userId: string;
  token: string;
  code: string;
  popular: boolean;
}

export interface JourneyPlan {
  index: number;
  kind: JourneyKind;
  inviter: Inviter;
  /** The takeover's second friend, whose link the owner signs in on. */
  other?: Inviter;
  /** The journey's last call is made again once it is done. */
  replay: boolean;
  /** The person gives up on a failure and comes back after the other journeys. */
  givesUp: boolean;
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
}

export function planJourneys(rng: Rng, count: number, inviters: { popular: Inviter[]; ordinary: Inviter[] }) {
  const plans: JourneyPlan[] = [];
  const anyInviter = () => (rng.chance(0.4) ? rng.pick(inviters.popular) : rng.pick(inviters.ordinary));
  for (let index = 0; index < count; index++) {
    const kind = rng.weighted(JOURNEY_WEIGHTS);
    const inviter = anyInviter();
    let other = anyInviter();
    while (other.userId === inviter.userId) other = rng.pick(inviters.ordinary);
    plans.push({ index, kind, inviter, other, replay: rng.chance(0.2), givesUp: rng.chance(0.15) });
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

/** Taps of "Try again" a person makes before a failure stops them (the pages offer it each time). */
const TRIES = 4;

const welcomeUrl = (inviteeId: string, inviterId: string) => `https://dayfocus.app/welcome/${inviteeId}/${inviterId}`;

/**
 * Runs a journey to its end, or to the point where the person gives up (a failure that a
 * person would not get past by trying again, or one they chose not to retry now).
 */
export async function runJourney(plan: JourneyPlan, runPrefix: string): Promise<JourneyOutcome> {
  const outcome: JourneyOutcome = { plan, never: [], finished: false, gaveUpOnce: false };
  const id = `${runPrefix}-j${plan.index}`;
  const email = `${id}@soak.test`;
  // One who gives up leaves at the first failure; back later, they tap "Try again" as anyone.
  const patience: Patience = { tries: plan.givesUp ? 1 : TRIES };
  const steps = journeySteps(plan, id, email, outcome, patience);
  let step = 0;
  const go = async (): Promise<void> => {
    for (; step < steps.length; step++) await (steps[step] as () => Promise<void>)();
    outcome.finished = true;
    outcome.resume = undefined;
  };
  try {
    await go();
  } catch (error) {
    outcome.error = describe(error);
    if (!plan.givesUp && !isTransient(error)) return outcome;
    outcome.gaveUpOnce = true;
    outcome.resume = async () => {
      patience.tries = TRIES;
      try {
        await go();
        outcome.error = undefined;
      } catch (again) {
        outcome.error = describe(again);
      }
    };
  }
  return outcome;
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return `${code ?? 'error'}: ${message ?? String(error)}`;
}

/** The steps of a journey, in order; each may be run again after a failure (a retry from the page). */
function journeySteps(
  plan: JourneyPlan,
  id: string,
  email: string,
  outcome: JourneyOutcome,
  patience: Patience,
): (() => Promise<void>)[] {
  const inviterId = plan.inviter.userId;
  const person = new Person(id, patience);
  let uid = '';
  let code = '';
  const finishWith = (last: () => Promise<unknown>) => async () => {
    await last();
    if (plan.replay) await last();
    await Promise.all([person.close(), phone.close()]);
  };
  // The verification e-mail opened on the phone: nobody signed in there.
  const phone = new Person(`${id}-phone`, patience);
  const activate = () => phone.call('activateAccount', { uid, inviterId, verificationCode: code });

  switch (plan.kind) {
    case 'email':
    case 'two-tabs':
      outcome.joins = inviterId;
      return [
        async () => {
          uid = (await person.signUpWithEmail(email)).uid;
          outcome.inviteeId = uid;
        },
        () => person.call('registerInvitee', { inviterId, name: 'Soak Invitee' }),
        async () => {
          const user = person.auth.currentUser;
          if (!user) throw new Error('signed out');
          await person.sendVerification(user, welcomeUrl(uid, inviterId));
          code = (await verificationEmail(email, { timeoutMs: 20_000 })).oobCode;
        },
        finishWith(async () => {
          if (plan.kind === 'two-tabs') await Promise.all([activate(), activate()]);
          else await activate();
        }),
      ];
    case 'google':
    case 'apple':
      outcome.joins = inviterId;
      return [
        async () => {
          const provider = plan.kind === 'google' ? 'google.com' : 'apple.com';
          uid = (await person.signInWith(provider, { sub: id, email, name: 'Soak Social' })).uid;
          outcome.inviteeId = uid;
        },
        finishWith(() => person.call('completeSocialSignUp', { inviterId })),
      ];
    case 'existing-user':
    case 'app-accept':
      outcome.joins = inviterId;
      return [
        async () => {
          uid = (await person.signInWith('google.com', { sub: id, email, name: 'Soak App User' })).uid;
          outcome.inviteeId = uid;
          const record = {
            ...inviterRecord({ userId: uid, email, name: 'App User' }),
            language: 'hi',
            fcmToken: `dev-token-${uid}`,
            streak: { days: 12 },
          };
          // The app's record, as the app leaves it (after the account trigger's base record).
          await steadily(() => adminDb.collection('Users').doc(uid).set(record));
          outcome.before = record;
        },
        finishWith(() =>
          plan.kind === 'app-accept'
            ? person.call('acceptInvite', { code: plan.inviter.code })
            : person.call('completeSocialSignUp', { inviterId }),
        ),
      ];
    case 'takeover': {
      const other = plan.other as Inviter;
      outcome.joins = other.userId;
      outcome.never.push(inviterId);
      return [
        async () => {
          uid = (await person.signUpWithEmail(email)).uid;
          outcome.inviteeId = uid;
        },
        () => person.call('registerInvitee', { inviterId, name: 'Soak Owner' }),
        // The owner, never having opened the verification e-mail, signs in with Google on another
        // friend's link: the same account (Auth drops the unproven password).
        async () => {
          const owner = new Person(`${id}-owner`, patience);
          const signedIn = await owner.signInWith('google.com', { sub: `${id}-g`, email, name: 'Soak Owner' });
          if (signedIn.uid !== uid) throw new Error(`takeover made another account ${signedIn.uid}`);
          await owner.call('completeSocialSignUp', { inviterId: other.userId });
          if (plan.replay) await owner.call('completeSocialSignUp', { inviterId: other.userId });
          // The squatted link's activation, tried anonymously afterwards, joins nobody.
          await phone.call('activateAccount', { uid, inviterId }).catch(expectRefusal);
          await Promise.all([owner.close(), person.close(), phone.close()]);
        },
      ];
    }
    case 'squatter':
      outcome.never.push(inviterId);
      return [
        async () => {
          uid = (await person.signUpWithEmail(email)).uid;
          outcome.inviteeId = uid;
        },
        () => person.call('registerInvitee', { inviterId, name: 'Soak Squatter' }),
        async () => {
          await phone.call('activateAccount', { uid, inviterId }).catch(expectRefusal);
          if (plan.replay) await phone.call('activateAccount', { uid }).catch(expectRefusal);
          await Promise.all([person.close(), phone.close()]);
        },
      ];
  }
}

/** An activation the rules refuse answers failed-precondition; anything else is a real failure. */
function expectRefusal(error: unknown): void {
  if ((error as { code?: string }).code !== 'functions/failed-precondition') throw error;
}
