/**
 * Journeys through a closed invitation (docs/inviter-view.md, section 8): an e-mail sign-up, a
 * Google sign-up and the app's acceptance through an invitation she paused, one past its expiry,
 * one whose limit fills up during the run, and e-mail sign-ups whose inviter pauses between the
 * sign-up and its confirmation. They run beside the other journeys, in the same waves, under the
 * same faults; closed-invariants.ts checks that none of them made a friend it should not have.
 *
 * Their ways and kinds take turns; their replays and give-ups are drawn from a stream of their own
 * (seeded from the run's seed), and their inviters draw nothing: the run's own stream draws what it
 * drew before, so a seed plans the journeys and the waves' fault plans it planned before these
 * existed.
 */
import { isInvitationClosedRefusal, type InviteControlsRecord } from '@dayfocus/contracts/invite-controls';
import { collections } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { verificationMail } from '@dayfocus/stack/testing';
import type { ClosedAnswer, ClosedKind, ClosedWay, Inviter, JourneyOutcome, JourneyPlan } from './journeys.js';
import { Person, type Patience } from './person.js';
import { Rng } from './random.js';
import { adminDb, steadily } from './store.js';

type Step = () => Promise<void>;

/** The friends her limited invitation makes: fewer than the journeys planned on it. */
export const CLOSED_LIMIT = 2;

/** The ways, in turn: the limited inviter gets two journeys in five, more than her limit. */
const WAYS: readonly ClosedWay[] = ['paused', 'limited', 'expired', 'limited', 'paused-after-sign-up'];

/**
 * The kinds, in turn: three against the ways' five, so that each way meets each kind (but the
 * pause after a sign-up, whose journey is an e-mail's).
 */
const KINDS: readonly ClosedKind[] = ['closed-email', 'closed-google', 'closed-app'];

/** Sets the stream apart from the run's own, whose seed is the run's seed itself. */
const STREAM = 0x5eed_c105;

/** About one journey in eight more, at least two of each way. */
export function closedJourneyCount(journeys: number): number {
  return Math.max(10, Math.ceil(journeys / 8));
}

/** The ways of the run's closed journeys, in order: each `paused-after-sign-up` needs an inviter of its own. */
export function closedWays(count: number): ClosedWay[] {
  return Array.from({ length: count }, (_, j) => WAYS[j % WAYS.length] as ClosedWay);
}

/**
 * Her invitation's levers as her app sets them (invites/domain/invite-limits.ts writes the same
 * record): paused, expired a minute ago, or a limit set now with no join counted yet.
 */
export async function closeInvitation(inviter: Inviter, way: Exclude<ClosedWay, 'paused-after-sign-up'>) {
  const now = new Date();
  const record: InviteControlsRecord = {
    inviterId: inviter.userId,
    paused: way === 'paused',
    updatedAt: now.toISOString(),
  };
  if (way === 'expired') record.expiresAt = new Date(now.getTime() - 60_000).toISOString();
  if (way === 'limited') Object.assign(record, { maxJoins: CLOSED_LIMIT, limitSetAt: now.toISOString() });
  await steadily(() => adminDb.collection(collections.inviteControls).doc(inviter.userId).set(record));
}

/**
 * The closed journeys of a run of `journeys` others, numbered on from them; `inviterOf` names the
 * inviter of each way (a new one for each `paused-after-sign-up`, by its place among them).
 */
export function planClosedJourneys(
  seed: number,
  journeys: number,
  inviterOf: (way: ClosedWay, nth: number) => Inviter,
): JourneyPlan[] {
  const rng = new Rng(seed ^ STREAM);
  const seen = new Map<ClosedWay, number>();
  return closedWays(closedJourneyCount(journeys)).map((way, j) => {
    const nth = seen.get(way) ?? 0;
    seen.set(way, nth + 1);
    const kind: ClosedKind = way === 'paused-after-sign-up' ? 'closed-email' : (KINDS[j % KINDS.length] as ClosedKind);
    const [replay, givesUp] = [rng.chance(0.2), rng.chance(0.15)];
    return { index: journeys + j, kind, inviter: inviterOf(way, nth), closed: way, replay, givesUp };
  });
}

/** The answer of a call through her invitation: a closed refusal is an answer, any other failure is thrown. */
async function answerOf(call: () => Promise<unknown>): Promise<ClosedAnswer> {
  try {
    const result = (await call()) as { invitationClosed?: true } | null;
    return result?.invitationClosed ? 'activated-closed' : 'joined';
  } catch (error) {
    if (isInvitationClosedRefusal(error)) return 'refused';
    throw error;
  }
}

/**
 * The steps of a closed journey. Each call through her invitation keeps its answer; once one is
 * refused, the person stops there (the page says she is not adding friends now).
 */
export function closedSteps(
  plan: JourneyPlan,
  id: string,
  email: string,
  outcome: JourneyOutcome,
  patience: Patience,
): Step[] {
  const person = new Person(id, patience);
  const phone = new Person(`${id}-phone`, patience);
  const inviterId = plan.inviter.userId;
  const answers: ClosedAnswer[] = (outcome.closedAnswers = []);
  // Where the rules refuse every friendship, the journey-wide invariants hold it to none.
  if (plan.closed !== 'limited') outcome.never.push(inviterId);
  let uid = '';
  let code = '';
  const refused = () => answers.includes('refused');
  /** The journey's call through her invitation, made again if the plan replays it. */
  const through = async (call: () => Promise<unknown>) => {
    answers.push(await answerOf(call));
    if (plan.replay) answers.push(await answerOf(call));
  };
  const close = async () => {
    await Promise.all([person.close(), phone.close()]);
  };
  const signedUp = (made: { uid: string }) => {
    uid = made.uid;
    outcome.inviteeId = uid;
  };
  switch (plan.kind) {
    case 'closed-google':
      return [
        async () => signedUp(await person.signInWith('google.com', { sub: id, email, name: 'Soak Closed' })),
        async () => {
          await through(() => person.call('completeSocialSignUp', { inviterId }));
          await close();
        },
      ];
    case 'closed-app':
      return [
        async () => {
          signedUp(await person.signInWith('google.com', { sub: id, email, name: 'Soak Closed App' }));
          const record = {
            ...inviterRecord({ userId: uid, email, name: 'Closed App User' }),
            fcmToken: `dev-token-${uid}`,
          };
          await steadily(() => adminDb.collection('Users').doc(uid).set(record));
        },
        async () => {
          await through(() => person.call('acceptInvite', { code: plan.inviter.code }));
          await close();
        },
      ];
    default:
      return [
        async () => signedUp(await person.signUpWithEmail(email)),
        async () => {
          const answer = await answerOf(() => person.call('registerInvitee', { inviterId, name: 'Soak Closed' }));
          if (answer === 'refused') answers.push(answer);
        },
        async () => {
          if (refused()) return;
          // Her app's pause, between the sign-up and its confirmation.
          if (plan.closed === 'paused-after-sign-up') await closeInvitation(plan.inviter, 'paused');
          await person.call('sendVerificationEmail', { language: 'en' });
          code = (await steadily(() => verificationMail(email, { timeoutMs: 20_000 }))).oobCode;
        },
        async () => {
          if (!refused()) {
            await through(() => phone.call('activateAccount', { uid, inviterId, verificationCode: code }));
          }
          await close();
        },
      ];
  }
}
