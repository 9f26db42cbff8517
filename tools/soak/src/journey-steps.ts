/**
 * The steps of each kind of journey, in order, through the same calls the pages and the app make
 * (person.ts). Each step may be run again after a failure (a retry from the page).
 */
import { verificationMail } from '@dayfocus/stack/testing';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { closedSteps } from './closed-journeys.js';
import { handoffSteps } from './handoff-steps.js';
import type { Inviter, JourneyOutcome, JourneyPlan } from './journeys.js';
import { Person, type Patience } from './person.js';
import { adminDb, steadily } from './store.js';

export type Step = () => Promise<void>;

/** What a journey's steps share, the account as it is made included. */
interface Walk {
  plan: JourneyPlan;
  id: string;
  email: string;
  outcome: JourneyOutcome;
  patience: Patience;
  person: Person;
  /** The verification e-mail opened on the phone: nobody signed in there. */
  phone: Person;
  /** The account's uid, once made. */
  uid: string;
  /** The verification e-mail's code, once it came. */
  code: string;
}

/** The steps of a journey, in order; each also records in `outcome` what the journey should join. */
export function journeySteps(
  plan: JourneyPlan,
  id: string,
  email: string,
  outcome: JourneyOutcome,
  patience: Patience,
): Step[] {
  if (plan.closed) return closedSteps(plan, id, email, outcome, patience);
  const person = new Person(id, patience);
  const phone = new Person(`${id}-phone`, patience);
  const walk: Walk = { plan, id, email, outcome, patience, person, phone, uid: '', code: '' };
  switch (plan.kind) {
    case 'email':
    case 'two-tabs':
    case 'viral':
      return emailSteps(walk);
    case 'google':
    case 'apple':
      return socialSteps(walk);
    case 'existing-user':
    case 'app-accept':
      return appUserSteps(walk);
    case 'takeover':
      return takeoverSteps(walk);
    case 'squatter':
      return squatterSteps(walk);
    case 'closed-email':
    case 'closed-google':
    case 'closed-app':
      throw new Error(`journey ${plan.index}: ${plan.kind} without a closed invitation`);
    case 'redeems':
    case 'redeems-twice': {
      const { signIn, complete } = socialSignUp(walk, 'google.com');
      return handoffSteps(walk, [signIn, complete]);
    }
  }
}

/** The journey's last call, made again if the plan replays it; then the browsers close. */
function finishWith(walk: Walk, last: () => Promise<unknown>): Step {
  return async () => {
    await last();
    if (walk.plan.replay) await last();
    await Promise.all([walk.person.close(), walk.phone.close()]);
  };
}

/**
 * The e-mail form's sign-up on the link, as the page makes it: one call makes the account, records
 * it and sends the mail; a retry after that call's failure finds the address taken and resumes it.
 */
function emailSignUp(walk: Walk, name: string): Step[] {
  return [
    async () => {
      const { uid } = await walk.person.signUpAsTheForm({
        inviterId: walk.plan.inviter.userId,
        name,
        email: walk.email,
      });
      walk.uid = uid;
      walk.outcome.inviteeId = uid;
    },
  ];
}

/**
 * E-mail sign-up, the verification link opened on the phone (in two tabs at once for two-tabs);
 * a viral journey opens it when its wave's burst goes (burst.ts).
 */
function emailSteps(walk: Walk): Step[] {
  const { plan, phone } = walk;
  const inviterId = plan.inviter.userId;
  walk.outcome.joins = inviterId;
  const activate = () => phone.call('activateAccount', { uid: walk.uid, inviterId, verificationCode: walk.code });
  return [
    ...emailSignUp(walk, 'Soak Invitee'),
    async () => {
      if (!walk.person.auth.currentUser) throw new Error('signed out');
      // Our mail, from the outbox, as the sign-up's call sent it (a retried sign-up finds the first one).
      // The soak's own query of the outbox meets the faults too: tried again as its writes are.
      walk.code = (await steadily(() => verificationMail(walk.email, { timeoutMs: 20_000 }))).oobCode;
    },
    async () => {
      await plan.burst?.arrive();
    },
    finishWith(walk, async () => {
      if (plan.kind === 'two-tabs') await Promise.all([activate(), activate()]);
      else await activate();
    }),
  ];
}

/** Google or Apple sign-up on the link: the account, then `completeSocialSignUp`, which joins the pair. */
function socialSignUp(walk: Walk, provider: 'google.com' | 'apple.com'): { signIn: Step; complete: Step } {
  const { plan, person, id, email } = walk;
  const inviterId = plan.inviter.userId;
  walk.outcome.joins = inviterId;
  return {
    signIn: async () => {
      walk.uid = (await person.signInWith(provider, { sub: id, email, name: 'Soak Social' })).uid;
      walk.outcome.inviteeId = walk.uid;
    },
    complete: async () => {
      await person.call('completeSocialSignUp', { inviterId });
    },
  };
}

/** Google or Apple sign-up on the link, its last call replayed if the plan says so. */
function socialSteps(walk: Walk): Step[] {
  const { signIn, complete } = socialSignUp(walk, walk.plan.kind === 'google' ? 'google.com' : 'apple.com');
  return [signIn, finishWith(walk, complete)];
}

/** An app user, their record as the app left it, signing in with Google on the link or accepting in the app. */
function appUserSteps(walk: Walk): Step[] {
  const { plan, person, id, email, outcome } = walk;
  const inviterId = plan.inviter.userId;
  outcome.joins = inviterId;
  return [
    async () => {
      const uid = (await person.signInWith('google.com', { sub: id, email, name: 'Soak App User' })).uid;
      walk.uid = uid;
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
    finishWith(walk, () =>
      plan.kind === 'app-accept'
        ? person.call('acceptInvite', { code: plan.inviter.code })
        : person.call('completeSocialSignUp', { inviterId }),
    ),
  ];
}

/** An e-mail sign-up on one friend's link; the owner then signs in with Google on another's. */
function takeoverSteps(walk: Walk): Step[] {
  const { plan, id, email, patience, outcome } = walk;
  const inviterId = plan.inviter.userId;
  const other = plan.other as Inviter;
  outcome.joins = other.userId;
  outcome.never.push(inviterId);
  return [
    ...emailSignUp(walk, 'Soak Owner'),
    // The owner, never having opened the verification e-mail, signs in with Google on another
    // friend's link: the same account (Auth drops the unproven password).
    async () => {
      const owner = new Person(`${id}-owner`, patience);
      const signedIn = await owner.signInWith('google.com', { sub: `${id}-g`, email, name: 'Soak Owner' });
      if (signedIn.uid !== walk.uid) throw new Error(`takeover made another account ${signedIn.uid}`);
      await owner.call('completeSocialSignUp', { inviterId: other.userId });
      if (plan.replay) await owner.call('completeSocialSignUp', { inviterId: other.userId });
      // The squatted link's activation, tried anonymously afterwards, joins nobody.
      await walk.phone.call('activateAccount', { uid: walk.uid, inviterId }).catch(expectRefusal);
      await Promise.all([owner.close(), walk.person.close(), walk.phone.close()]);
    },
  ];
}

/** A stranger's e-mail sign-up with someone else's address, never proven: activation is refused. */
function squatterSteps(walk: Walk): Step[] {
  const { plan, phone, outcome } = walk;
  const inviterId = plan.inviter.userId;
  outcome.never.push(inviterId);
  return [
    ...emailSignUp(walk, 'Soak Squatter'),
    async () => {
      await phone.call('activateAccount', { uid: walk.uid, inviterId }).catch(expectRefusal);
      if (plan.replay) await phone.call('activateAccount', { uid: walk.uid }).catch(expectRefusal);
      await Promise.all([walk.person.close(), phone.close()]);
    },
  ];
}

/** An activation the rules refuse answers failed-precondition; anything else is a real failure. */
function expectRefusal(error: unknown): void {
  if ((error as { code?: string }).code !== 'functions/failed-precondition') throw error;
}
