/**
 * Journeys through a closed invitation (docs/inviter-view.md, section 8): an e-mail sign-up, a
 * Google sign-up and the app's acceptance through an invitation she paused, one past its expiry,
 * one whose limit fills up during the run, and e-mail sign-ups whose inviter pauses between the
 * sign-up and its confirmation; and the same through a link of hers for one chat that she retired,
 * that fills up its own limit, or that asks her first. They run beside the other journeys, in the same waves, under the
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
import { appSignedInAs, verificationMail } from '@dayfocus/stack/testing';
import type { ClosedAnswer, ClosedKind, ClosedWay, Inviter, JourneyOutcome, JourneyPlan } from './journeys.js';
import { Person, type Patience } from './person.js';
import { Rng } from './random.js';
import { adminDb, steadily } from './store.js';

type Step = () => Promise<void>;

/** The friends her limited invitation makes: fewer than the journeys planned on it. */
export const CLOSED_LIMIT = 2;

/**
 * The ways, in turn (ten, prime to the kinds' three): each limited door gets more journeys than its
 * limit in any run, her invitation's four in fifteen, her link's three.
 */
const WAYS: readonly ClosedWay[] = [
  'paused',
  'limited',
  'expired',
  'limited',
  'paused-after-sign-up',
  'link-retired',
  'link-limited',
  'link-asks',
  'link-limited',
  'link-limited',
];

/** The ways through a link of hers for one chat: each inviter's link is made by her app before the run. */
const LINK_WAYS = ['link-retired', 'link-limited', 'link-asks'] as const satisfies readonly ClosedWay[];
type LinkWay = (typeof LINK_WAYS)[number];

/**
 * The kinds, in turn: three against the ways' five, so that each way meets each kind (but the
 * pause after a sign-up, whose journey is an e-mail's).
 */
const KINDS: readonly ClosedKind[] = ['closed-email', 'closed-google', 'closed-app'];

/** Sets the stream apart from the run's own, whose seed is the run's seed itself. */
const STREAM = 0x5eed_c105;

/** About one journey in eight more, at least fifteen: one of each way, more than each limit. */
function closedJourneyCount(journeys: number): number {
  return Math.max(15, Math.ceil(journeys / 8));
}

/** The ways of the run's closed journeys, in order: each `paused-after-sign-up` needs an inviter of its own. */
function closedWays(count: number): ClosedWay[] {
  return Array.from({ length: count }, (_, j) => WAYS[j % WAYS.length] as ClosedWay);
}

/**
 * Her invitation's levers as her app sets them (invites/domain/invite-limits.ts writes the same
 * record): paused, expired a minute ago, or a limit set now with no join counted yet.
 */
async function closeInvitation(inviter: Inviter, way: Exclude<ClosedWay, 'paused-after-sign-up'>) {
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
 * Her link for one chat, made by her app (createInviteLink, signed in as her) as she would: retired
 * after (retireInviteLink), with a limit of CLOSED_LIMIT, or asking her first.
 */
async function closeThroughLink(inviter: Inviter, way: LinkWay): Promise<Inviter> {
  const app = await appSignedInAs(inviter.userId);
  try {
    const levers = way === 'link-limited' ? { maxJoins: CLOSED_LIMIT } : way === 'link-asks' ? { approval: true } : {};
    const { code } = await app.call<{ code: string }>('createInviteLink', { name: `Soak ${way}`, ...levers });
    if (way === 'link-retired') await app.call('retireInviteLink', { code });
    return { ...inviter, chatLink: code };
  } finally {
    await app.close();
  }
}

/**
 * The inviters of the closed journeys of a run of `journeys` others, their invitations closed as
 * their apps would: one paused, one expired, one with a limit; one for each sign-up she pauses after;
 * and one for each way through a link of hers for one chat. `make` makes an inviter by name; nothing
 * is drawn: the run's stream is left as it was.
 */
export async function makeClosedInviters(journeys: number, make: (name: string) => Promise<Inviter>) {
  const pausedAfter = closedWays(closedJourneyCount(journeys)).filter((way) => way === 'paused-after-sign-up');
  const [paused, expired, limited] = await Promise.all([make('paused'), make('expired'), make('limited')]);
  await Promise.all([
    closeInvitation(paused, 'paused'),
    closeInvitation(expired, 'expired'),
    closeInvitation(limited, 'limited'),
  ]);
  const later = await Promise.all(pausedAfter.map((_, i) => make(`paused-after-${i}`)));
  // One inviter per link way, her link made by her app: retired, limited, or asking her first.
  const [retired, linkLimited, asks] = await Promise.all(
    LINK_WAYS.map(async (way) => closeThroughLink(await make(way), way)),
  );
  const links = { 'link-retired': retired, 'link-limited': linkLimited, 'link-asks': asks } as Record<LinkWay, Inviter>;
  const fixed = { paused, expired, limited, ...links };
  const inviterOf = (way: ClosedWay, nth: number): Inviter =>
    way === 'paused-after-sign-up' ? (later[nth] as Inviter) : fixed[way];
  return { inviters: [paused, expired, limited, ...later, ...Object.values(links)], inviterOf };
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

/**
 * The answer of a call through her invitation: a closed refusal is an answer, any other failure is
 * thrown; through a retired link, so is "no such code" (the app's lookup stops finding it within a minute).
 */
async function answerOf(call: () => Promise<unknown>, way?: ClosedWay): Promise<ClosedAnswer> {
  try {
    const result = (await call()) as { invitationClosed?: true; joinRequested?: true } | null;
    if (result?.joinRequested) return 'requested';
    return result?.invitationClosed ? 'activated-closed' : 'joined';
  } catch (error) {
    if (isInvitationClosedRefusal(error)) return 'refused';
    if (way === 'link-retired' && (error as { code?: string }).code === 'functions/not-found') return 'refused';
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
  if (plan.closed !== 'limited' && plan.closed !== 'link-limited') outcome.never.push(inviterId);
  let uid = '';
  let code = '';
  const refused = () => answers.includes('refused');
  /** The journey's call through her invitation, made again if the plan replays it. */
  const through = async (call: () => Promise<unknown>) => {
    answers.push(await answerOf(call, plan.closed));
    if (plan.replay) answers.push(await answerOf(call, plan.closed));
  };
  // Through a link of hers for one chat, every call names it (as its pages and the app do).
  const chatLink = plan.inviter.chatLink;
  const link = chatLink ? { link: chatLink } : {};
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
          await through(() => person.call('completeSocialSignUp', { inviterId, ...link }));
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
          await through(() => person.call('acceptInvite', { code: chatLink ?? plan.inviter.code }));
          await close();
        },
      ];
    default:
      return [
        async () => signedUp(await person.signUpWithEmail(email)),
        async () => {
          const register = () => person.call('registerInvitee', { inviterId, name: 'Soak Closed', ...link });
          const answer = await answerOf(register, plan.closed);
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
