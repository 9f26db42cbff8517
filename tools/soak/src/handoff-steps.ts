/**
 * The sign-in handoff's journeys (docs/signed-in-on-arrival.md, section 6): after a Google sign-up on the
 * link (the account activated, friends with the inviter), "Get the app" on the welcome page mints
 * a code for the plan's platform, and the app on its first start redeems it and signs in
 * (`redeems`); then, in `redeems-twice`, a second installation redeems the same code (a forwarded
 * one). What the apps met is kept in the outcome, for handoff-invariants.ts.
 */
import { HANDOFF_CLAIM } from '@dayfocus/contracts/sign-in-handoff';
import { SimulatedMobileApp } from '@dayfocus/stack/testing';
import type { HandoffOutcome, JourneyOutcome, JourneyPlan, Redeemed } from './journeys.js';
import { isTransient, patiently, type Patience, type Person } from './person.js';

type Step = () => Promise<void>;

/** What the handoff's steps take of a journey's walk (journey-steps.ts). */
export interface HandoffWalk {
  plan: JourneyPlan;
  outcome: JourneyOutcome;
  patience: Patience;
  /** The welcome page's browser, signed in by the sign-up. */
  person: Person;
  phone: Person;
}

/** An answer: 'ok', or the refusal's code without its `functions/`. */
function answerOf(error: unknown): string {
  return String((error as { code?: string }).code ?? error).replace(/^functions\//, '');
}

/**
 * A refusal is an answer to keep; a transient failure past the person's patience is thrown (they
 * give up, or come back later), as any other journey's.
 */
function refusal(error: unknown): string {
  if (isTransient(error)) throw error;
  return answerOf(error);
}

/**
 * The app signs in on arrival: redeems the code, tried again by the same installation after a
 * transient failure (the designed retry, within two minutes), and signs in with its custom token.
 */
async function signInOnArrival(app: SimulatedMobileApp, code: string, patience: Patience): Promise<Redeemed> {
  let retried = 0;
  try {
    const user = await patiently(
      patience,
      () => app.signInOnArrival(code),
      () => retried++,
    );
    const { token, claims } = await user.getIdTokenResult();
    return { answer: 'ok', retried, session: { uid: user.uid, idToken: token, claim: claims[HANDOFF_CLAIM] } };
  } catch (error) {
    return { answer: refusal(error), retried };
  }
}

/** A redemption whose answer alone counts. */
async function redeemAgain(app: SimulatedMobileApp, code: string, patience: Patience): Promise<string> {
  try {
    await patiently(patience, () => app.redeem(code));
    return 'ok';
  } catch (error) {
    return refusal(error);
  }
}

/** The journey's sign-up (`signUp`, which makes the friendship), then the handoff. */
export function handoffSteps(walk: HandoffWalk, signUp: Step[]): Step[] {
  const { plan, person, patience } = walk;
  const platform = plan.platform ?? 'android';
  const handoff: HandoffOutcome = { second: [] };
  walk.outcome.handoff = handoff;
  const app = new SimulatedMobileApp(platform);
  const forwardedTo = new SimulatedMobileApp(platform);
  let code = '';
  const twice = plan.kind === 'redeems-twice';
  return [
    ...signUp,
    // "Get the app", then the app's first start; one who comes back after giving up starts here
    // again, with a fresh code (the first may have run out by then).
    async () => {
      ({ code } = await person.call<{ code: string }>('createSignInHandoff', { platform }));
      handoff.first = await signInOnArrival(app, code, patience);
      // A replay: the same installation asks again at once, as after a lost answer.
      if (plan.replay && !twice) handoff.replay = await redeemAgain(app, code, patience);
    },
    ...(twice
      ? [
          // The code forwarded: another installation redeems it (and, replayed, asks once more).
          async () => {
            handoff.second.push(await redeemAgain(forwardedTo, code, patience));
            if (plan.replay) handoff.second.push(await redeemAgain(forwardedTo, code, patience));
          },
        ]
      : []),
    async () => {
      await Promise.all([app.close(), forwardedTo.close(), person.close(), walk.phone.close()]);
    },
  ];
}
