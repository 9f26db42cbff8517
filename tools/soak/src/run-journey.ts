/**
 * One journey run to its end, or to where the person gives up; one who gave up may come back
 * later (the outcome's `resume`) and carry on from the step that failed.
 */
import { journeySteps, type Step } from './journey-steps.js';
import type { JourneyOutcome, JourneyPlan } from './journeys.js';
import { isTransient, type Patience } from './person.js';

/** Taps of "Try again" a person makes before a failure stops them (the pages offer it each time). */
const TRIES = 4;

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
    for (; step < steps.length; step++) await (steps[step] as Step)();
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
