/**
 * InviteFlow with the Firestore stores against our emulator in this process
 * (test/emulated-firestore.ts), and Auth and FCM in memory (test/in-memory.ts): each rule of
 * docs/joins.md, in seconds. The stack tests (test/stack/) hold the same rules through the
 * callables against the whole local stack.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import type { SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import { MAX_DOCUMENT_BYTES } from '../../src/platform/domain/document-size.js';
import { firestoreDocumentSize } from '../document-size.js';
import { FlowError } from '../../src/platform/domain/errors.js';
import type { Caller } from '../../src/platform/domain/caller.js';
import type { FriendJoin } from '../../src/owed-work/domain/friend-join.js';
import type { PushBudget } from '../../src/owed-work/domain/push-budget.js';
import { InviteFlow } from '../../src/invites/flows/invite-flow.js';
import { LinkLeversStore } from '../../src/invites/adapters/link-levers-store.js';
import type { InviteStore } from '../../src/invites/flows/ports.js';
import { FirestoreInviteControls } from '../../src/invites/adapters/invite-controls-store.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { FirestoreOwedWorkStore } from '../../src/owed-work/adapters/owed-work-store.js';
import { crashingInviteStore, crashingOwedWorkStore, type CrashPoint } from '../../src/local/dev-crash-switch.js';
import { textIn } from '../../src/platform/adapters/locales.js';
import { OwedWorkFlow } from '../../src/owed-work/flows/owed-work-flow.js';
import { gatedAccounts, gatedInviteStore } from '../../src/invites/adapters/gated-ports.js';
import { testDoor } from '../door.js';
import { withWriteGate } from '../../src/platform/adapters/write-gate.js';
import { MemoryAccounts, MemoryPush, paths } from '../in-memory.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';
import { memoryLogger } from '../memory-logger.js';
import { flowRefusalOf } from '../flow-refusals.js';
import { linkProofId } from '../../src/invites/domain/proof-ids.js';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;

let firestore: EmulatedFirestore;
beforeAll(async () => {
  firestore = await startEmulatedFirestore();
});
afterAll(async () => {
  await firestore.stop();
});
beforeEach(() => firestore.clear());

interface SetupOptions {
  /** Called before each commit of the invite store: a test's chance to change documents under a running join. */
  beforeCommit?: (db: Firestore) => Promise<void>;
}

/**
 * The Firestore invite store, counting its transactions and the attempts that ran again on
 * contention, with the test's `beforeCommit` run inside each attempt, before its commit.
 */
function instrumentedStore(store: FirestoreInviteStore, db: Firestore, options: SetupOptions) {
  const stats = { commits: 0, contended: 0 };
  const instrumented: InviteStore = Object.assign(Object.create(store) as InviteStore, {
    transaction: async <T>(work: Parameters<InviteStore['transaction']>[0]): Promise<T> => {
      stats.commits++;
      let attempts = 0;
      return store.transaction(async (tx) => {
        if (attempts++ > 0) stats.contended++;
        const value = await work(tx);
        await options.beforeCommit?.(db);
        return value as T;
      });
    },
  });
  return { stats, instrumented };
}

function setup(options: SetupOptions = {}) {
  const { db, trigger } = firestore;
  const logger = memoryLogger();
  const store = new FirestoreInviteStore(db, new FunnelStore(db), logger);
  const { stats, instrumented } = instrumentedStore(store, db, options);
  const accounts = new MemoryAccounts();
  /** Runs once Auth has written a proved address, before the door goes on: a twin call, or a crash. */
  const addressWritten: { then?: () => Promise<void> } = {};
  const writeAddress = accounts.verifyAddress.bind(accounts);
  accounts.verifyAddress = async (uid, address) => {
    const written = await writeAddress(uid, address);
    await addressWritten.then?.();
    return written;
  };
  const push = new MemoryPush();
  const clock = { now: T0 };
  /** The local stack's fault switch: each armed point makes the next function passing it die once. */
  const crashes = {
    armed: new Set<CrashPoint>(),
    async maybeCrash(point: CrashPoint) {
      if (this.armed.delete(point)) throw new Error(`Simulated crash ${point}`);
    },
  };
  const owedWork = new OwedWorkFlow({
    store: crashingOwedWorkStore(new FirestoreOwedWorkStore(db, logger), crashes),
    push,
    textIn,
    logger,
    now: () => clock.now,
  });
  const gatedStore = gatedInviteStore(crashingInviteStore(instrumented, crashes));
  const invites = new InviteFlow({
    store: gatedStore,
    accounts: gatedAccounts(accounts),
    controls: new FirestoreInviteControls(db),
    doors: new LinkLeversStore(db),
    resolvePicture: async (profileImage) => (typeof profileImage === 'string' ? profileImage : null),
    logger,
    now: () => clock.now,
  });
  // Activation as the callables reach it: the link's code, or the provider's sign-in, a proof through the one door.
  const door = testDoor({ db, store: gatedStore, accounts, logger, now: () => clock.now, gated: true });
  const flow = Object.assign(Object.create(invites) as InviteFlow, {
    activateAccount: door.activateAccount,
    completeSocialSignUp: door.completeSocialSignUp,
  });
  const get = async <T>(path: string) => (await db.doc(path).get()).data() as T | undefined;
  const put = async (path: string, doc: Record<string, unknown> | undefined) => {
    if (doc === undefined) await db.doc(path).delete();
    else await db.doc(path).set(doc);
  };
  const all = async <T>(collection: string): Promise<[string, T][]> =>
    (await db.collection(collection).get()).docs.map((doc) => [doc.id, doc.data() as T]);
  const inviter = async (id = 'asha', overrides: Partial<UserRecord> = {}) => {
    const record = inviterRecord({ userId: id, ...overrides });
    await put(paths.user(id), { ...record });
    return record;
  };
  const user = (id: string) => get<UserRecord>(paths.user(id));
  const signUp = (id: string) => get<SignUpRecord>(paths.signUp(id));
  const join = (inviterId: string, inviteeId: string) => get<FriendJoin>(paths.join(inviterId, inviteeId));
  const friends = async () => (await all<{ userId: string; friendId: string }>('Friends')).map(([, friend]) => friend);
  const history = async (inviterId: string) =>
    (await get<{ history: unknown[] }>(paths.history(inviterId)))?.history ?? [];
  /** The inviter's funnel, summed over its days. */
  const funnel = async (inviterId: string) => {
    const days = await new FunnelStore(db).funnelOf(inviterId);
    return {
      signUps: days.reduce((sum, day) => sum + day.signUps, 0),
      joins: days.reduce((sum, day) => sum + day.joins, 0),
    };
  };
  const caller = (uid: string, provider: string, more: Partial<Caller> = {}): Caller => ({
    uid,
    email: accounts.accounts.get(uid)?.email,
    signInProvider: provider,
    name: undefined,
    // As the ID token says it: the account's own `email_verified`.
    emailVerified: accounts.accounts.get(uid)?.emailVerified ?? false,
    authTime: Math.floor(clock.now.getTime() / 1000),
    ...more,
  });
  /** An e-mail sign-up of `uid` naming `inviterId`, as the browser does it. */
  const emailSignUp = async (uid: string, inviterId: string, name = 'Mira') => {
    accounts.add({ uid });
    await flow.registerInvitee(caller(uid, 'password'), { inviterId, name });
    return accounts.verificationCode(uid);
  };
  const sweep = (at: Date) => owedWork.sweepOwedWork(at);
  /** Mira's Google sign-up on Asha's link (her account made on the first call), as the browser sends it. */
  const miraJoinsAsha = () => {
    if (!accounts.accounts.has('mira')) accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    return flow.completeSocialSignUp(caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
  };
  /** Firestore's trigger running on the changes of join records so far. */
  const runTrigger = () => trigger.runAll((before, after) => owedWork.onJoinWritten(before, after));
  return {
    flow,
    owedWork,
    crashes,
    stats,
    accounts,
    addressWritten,
    push,
    trigger,
    runTrigger,
    logger,
    clock,
    get,
    put,
    all,
    inviter,
    user,
    signUp,
    join,
    friends,
    history,
    funnel,
    caller,
    emailSignUp,
    sweep,
    miraJoinsAsha,
  };
}

/** The FlowError code a call failed with. */
async function refusal(call: Promise<unknown>): Promise<string> {
  return (await flowRefusalOf(call)).code;
}

describe('A. existing records are never clobbered', () => {
  it("completes an app user's record on a Google sign-up, keeping every field it had", async () => {
    const t = setup();
    await t.inviter('asha');
    const app = inviterRecord({
      userId: 'ravi',
      name: 'Ravi K',
      language: 'hi',
      fcmToken: 'ravi-token',
      isActive: true,
    });
    await t.put(paths.user('ravi'), { ...app, favouriteColour: 'teal' });
    t.accounts.add({ uid: 'ravi', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('ravi', 'google.com', { name: 'Someone Else' }), { inviterId: 'asha' });
    expect(await t.user('ravi')).toMatchObject({
      name: 'Ravi K',
      language: 'hi',
      fcmToken: 'ravi-token',
      favouriteColour: 'teal',
    });
    expect(await t.signUp('ravi')).toMatchObject({ invitedBy: 'asha', invitedVia: 'google.com' });
    // The app made this record and keeps its own settings: no notification defaults.
    expect(await t.get(paths.notifications('ravi'))).toBeUndefined();
    await t.runTrigger();
    expect(await t.join('asha', 'ravi')).toMatchObject({ friendship: 'created', push: 'sent' });
  });

  it('creates notification defaults for a record the companion made', async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['apple.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'apple.com', { name: 'Mira' }), { inviterId: 'asha' });
    expect(await t.get(paths.notifications('mira'))).toMatchObject({ userId: 'mira' });
  });

  it('never revives a deleted record: every call refuses and writes nothing', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.put(paths.user('gone'), { ...inviterRecord({ userId: 'gone', isDeleted: true }) });
    t.accounts.add({ uid: 'gone', providerIds: ['google.com'], emailVerified: true });
    const before = await t.user('gone');
    expect(await refusal(t.flow.completeSocialSignUp(t.caller('gone', 'google.com'), { inviterId: 'asha' }))).toBe(
      'failed-precondition',
    );
    expect(await refusal(t.flow.acceptInvite(t.caller('gone', 'google.com'), { inviterId: 'asha' }))).toBe(
      'failed-precondition',
    );
    expect(await refusal(t.flow.activateAccount({ uid: 'gone' }, null))).toBe('failed-precondition');
    expect(await t.user('gone')).toEqual(before);
    expect(await t.friends()).toEqual([]);
  });

  it('keeps a switched-off account off, and refuses its anonymous activation when it names no inviter', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.put(paths.user('off'), { ...inviterRecord({ userId: 'off', isActive: false }) });
    t.accounts.add({ uid: 'off', providerIds: ['google.com'], emailVerified: true });
    expect(await refusal(t.flow.activateAccount({ uid: 'off' }, null))).toBe('failed-precondition');
    await t.flow.completeSocialSignUp(t.caller('off', 'google.com'), { inviterId: 'asha' });
    expect((await t.user('off'))?.isActive).toBe(false);
    expect(await t.friends()).toHaveLength(1);
  });
});

describe('B. only the proven owner chooses the inviter', () => {
  it("joins the recorded inviter once the sign-up's own e-mail proves the address", async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    const answer = await t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    expect(answer.inviter?.inviterId).toBe('asha');
    expect(await t.user('mira')).toMatchObject({ isActive: true, isVerified: true });
    expect(await t.signUp('mira')).toMatchObject({ signUpProvedAt: T0.toISOString() });
    await t.runTrigger();
    expect(await t.join('asha', 'mira')).toMatchObject({ friendship: 'created', history: 'written', push: 'sent' });
    expect(t.push.sent).toHaveLength(1);
  });

  it('activates without a friend when another proof verified the address', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    t.accounts.verifyOtherwise('mira'); // an administrator, a password reset
    const answer = await t.flow.activateAccount({ uid: 'mira', verificationCode: code }, null);
    expect(answer.inviter).toBeNull();
    expect(await t.user('mira')).toMatchObject({ isActive: true });
    expect((await t.signUp('mira'))?.signUpProvedAt).toBeUndefined();
    expect(await t.friends()).toEqual([]);
    expect(t.logger.entries.map((e) => e.message)).toContain(
      'The inviter recorded at sign-up does not count (no proof by its own sign-up); no join',
    );
  });

  it('uses the recorded inviter when the link names another, and logs it', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.inviter('eve');
    const code = await t.emailSignUp('mira', 'asha');
    const answer = await t.flow.activateAccount({ uid: 'mira', inviterId: 'eve', verificationCode: code }, null);
    // Joined with Asha; an anonymous link that names another inviter is not told whom.
    expect(answer.inviter).toBeNull();
    expect(await t.join('asha', 'mira')).toBeDefined();
    expect(await t.join('eve', 'mira')).toBeUndefined();
    expect(t.logger.entries.some((e) => e.message.startsWith('Activation link names another inviter'))).toBe(true);
  });

  it("refuses another account's verification code with nothing applied", async () => {
    const t = setup();
    await t.inviter('asha');
    await t.emailSignUp('mira', 'asha');
    const othersCode = await t.emailSignUp('zed', 'asha');
    // The one refusal an anonymous caller hears; signed in as Mira, what was wrong.
    expect(await refusal(t.flow.activateAccount({ uid: 'mira', verificationCode: othersCode }, null))).toBe(
      'failed-precondition',
    );
    const mira = t.caller('mira', 'password');
    expect(await refusal(t.flow.activateAccount({ uid: 'mira', verificationCode: othersCode }, mira))).toBe(
      'invalid-argument',
    );
    expect((await t.accounts.getAccount('zed'))?.emailVerified).toBe(false);
    expect(await t.friends()).toEqual([]);
  });

  it('a Google takeover of an unverified e-mail sign-up joins the link of the takeover instead', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.inviter('ben');
    await t.emailSignUp('mira', 'asha');
    const account = t.accounts.accounts.get('mira');
    if (account) Object.assign(account, { providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com'), { inviterId: 'ben' });
    expect(await t.signUp('mira')).toMatchObject({ invitedBy: 'ben', invitedVia: 'google.com' });
    expect(await t.join('ben', 'mira')).toBeDefined();
    expect(await t.join('asha', 'mira')).toBeUndefined();
  });

  // The tab that signed up watches Auth for the address to be verified (confirm-email) and then
  // activates as the account, with no proof of its own: Auth says "verified" from the moment the
  // mail's activation writes the address, before that activation has spent the proof.
  /** Mira's e-mail sign-up on Asha's invitation: her mail's link, and her own tab's activation. */
  async function miraSignedUpByMail(t: ReturnType<typeof setup>) {
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    return {
      byMail: () => t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
      inHerTab: () => t.flow.activateAccount({ uid: 'mira', inviterId: 'asha' }, t.caller('mira', 'password')),
    };
  }

  it("the sign-up's own tab, activating while the mail's link is halfway, joins the recorded inviter too", async () => {
    const t = setup();
    const mira = await miraSignedUpByMail(t);
    let tab: Awaited<ReturnType<typeof mira.inHerTab>> | undefined;
    t.addressWritten.then = async () => {
      tab ??= await mira.inHerTab();
    };
    const mail = await mira.byMail();
    expect(tab?.inviter?.inviterId).toBe('asha');
    expect(mail.inviter?.inviterId).toBe('asha');
    expect(await t.friends()).toHaveLength(1);
    expect(await t.signUp('mira')).toMatchObject({ signUpProvedAt: T0.toISOString() });
  });

  it("a mail's activation that died once the address was written leaves the sign-up's tab to finish the join", async () => {
    const t = setup();
    const mira = await miraSignedUpByMail(t);
    t.addressWritten.then = () => Promise.reject(new Error('Simulated crash once the address was written'));
    await expect(mira.byMail()).rejects.toThrow('Simulated crash');
    delete t.addressWritten.then;
    expect((await mira.inHerTab()).inviter?.inviterId).toBe('asha');
    expect(await t.join('asha', 'mira')).toBeDefined();
    // The link opened again still finishes its own spending, and joins nobody twice.
    expect((await mira.byMail()).inviter?.inviterId).toBe('asha');
    expect(await t.friends()).toHaveLength(1);
    expect(await t.signUp('mira')).toMatchObject({ signUpProvedAt: T0.toISOString() });
  });

  it('a taking whose address Auth refused (another account holds it) counts for nothing later', async () => {
    const t = setup();
    const mira = await miraSignedUpByMail(t);
    const other = t.accounts.add({ uid: 'other', email: 'mira@example.com' });
    expect(await refusal(mira.byMail())).toBe('failed-precondition');
    // The other account lets the address go, and an administrator verifies it on Mira's.
    other.email = 'elsewhere@example.com';
    t.accounts.verifyOtherwise('mira');
    expect((await mira.inHerTab()).inviter).toBeNull();
    expect(await t.friends()).toEqual([]);
  });

  it('two tabs opening the same link join once, and both find the friend', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    const [first, second] = await Promise.all([
      t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
      t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
    ]);
    expect([first.inviter?.inviterId, second.inviter?.inviterId]).toEqual(['asha', 'asha']);
    expect(await t.friends()).toHaveLength(1);
    await t.runTrigger();
    expect(await t.history('asha')).toHaveLength(1);
    expect(t.push.sent).toHaveLength(1);
  });

  it('a second tab whose code the first tab spent, while it read the account unverified, welcomes her too', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    // The mail's record, as the verification mail wrote it with the link (verification-mail-flow.ts).
    const issuedAt = T0.toISOString();
    await t.put(`_addressProofs/${linkProofId(code)}`, {
      kind: 'mail-link',
      uid: 'mira',
      address: 'mira@example.com',
      issuedAt,
    });
    // The second tab has read the account and the record; Auth answers its check once the first tab is done.
    const check = t.accounts.check.bind(t.accounts);
    let checkEntered = () => {};
    const entered = new Promise<void>((resolve) => (checkEntered = resolve));
    let firstDone = () => {};
    const done = new Promise<void>((resolve) => (firstDone = resolve));
    t.accounts.check = async (checked) => {
      t.accounts.check = check;
      checkEntered();
      await done;
      return check(checked);
    };
    const second = t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    await entered;
    const first = await t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    firstDone();
    const late = await second;
    expect([first.inviter?.inviterId, late.inviter?.inviterId]).toEqual(['asha', 'asha']);
    expect(await t.friends()).toHaveLength(1);
  });

  it('refuses a disabled account and a session revoked after its sign-in, writing nothing', async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'dis', providerIds: ['google.com'], emailVerified: true, disabled: true });
    expect(await refusal(t.flow.completeSocialSignUp(t.caller('dis', 'google.com'), { inviterId: 'asha' }))).toBe(
      'failed-precondition',
    );
    t.accounts.add({
      uid: 'rev',
      providerIds: ['google.com'],
      emailVerified: true,
      tokensValidAfter: T0.toISOString(),
    });
    const stale = t.caller('rev', 'google.com', { authTime: Math.floor(T0.getTime() / 1000) - 60 });
    expect(await refusal(t.flow.completeSocialSignUp(stale, { inviterId: 'asha' }))).toBe('unauthenticated');
    expect(await refusal(t.flow.acceptInvite(stale, { inviterId: 'asha' }))).toBe('unauthenticated');
    expect(await t.user('dis')).toBeUndefined();
    expect(await t.user('rev')).toBeUndefined();
  });

  it.each([
    ['switched off by the app', (t: ReturnType<typeof setup>) => t.inviter('asha', { isActive: false })],
    [
      'disabled in Auth',
      async (t: ReturnType<typeof setup>) => {
        await t.inviter('asha');
        t.accounts.add({ uid: 'asha', providerIds: ['google.com'], emailVerified: true, disabled: true });
      },
    ],
  ] as const)('an inviter %s gets no new friend and no push, on any path', async (_how, arrange) => {
    const t = setup();
    await arrange(t);
    t.accounts.add({ uid: 'ravi', providerIds: ['google.com'], emailVerified: true });
    expect(await refusal(t.flow.completeSocialSignUp(t.caller('ravi', 'google.com'), { inviterId: 'asha' }))).toBe(
      'not-found',
    );
    t.accounts.add({ uid: 'mira' });
    expect(
      await refusal(t.flow.registerInvitee(t.caller('mira', 'password'), { inviterId: 'asha', name: 'Mira' })),
    ).toBe('not-found');
    // An invitee whose sign-up named her before: activated, joined to nobody.
    await t.put(paths.signUp('zed'), { userId: 'zed', invitedBy: 'asha', invitedVia: 'google.com', updatedAt: 'then' });
    await t.put(paths.user('zed'), { userId: 'zed', name: 'Zed', isDeleted: false });
    t.accounts.add({ uid: 'zed', providerIds: ['google.com'], emailVerified: true });
    const answer = await t.flow.activateAccount({ uid: 'zed', inviterId: 'asha' }, null);
    expect(answer.inviter).toBeNull();
    expect(await t.user('zed')).toMatchObject({ isActive: true });
    await t.runTrigger();
    expect(await t.friends()).toEqual([]);
    expect(t.push.sent).toEqual([]);
  });

  it('refuses a self-invitation and a sign-up of the wrong provider before reading anything', async () => {
    const t = setup();
    t.accounts.add({ uid: 'asha', providerIds: ['google.com'], emailVerified: true });
    expect(await refusal(t.flow.completeSocialSignUp(t.caller('asha', 'google.com'), { inviterId: 'asha' }))).toBe(
      'invalid-argument',
    );
    expect(await refusal(t.flow.completeSocialSignUp(t.caller('asha', 'password'), { inviterId: 'ben' }))).toBe(
      'failed-precondition',
    );
    expect(t.stats.commits).toBe(0);
  });
});

describe("replay protection: each call reads beside its token's consumption, and writes after it", () => {
  /**
   * A consumption that refuses the call once the flow has had every chance to read (and, were it
   * wrong, to write). The callable awaits the consumption itself, so its refusal is never unhandled.
   */
  const refusedLater = (error: Error) => {
    const consumption = new Promise<void>((_, reject) => setTimeout(() => reject(error), 200));
    consumption.catch(() => undefined);
    return consumption;
  };

  it.each([
    ['registerInvitee', 'password'],
    ['completeSocialSignUp', 'google.com'],
    ['acceptInvite', 'google.com'],
  ] as const)('%s writes nothing when the consumption refuses the call', async (call, provider) => {
    const t = setup();
    await t.inviter('asha');
    const app = inviterRecord({ userId: 'ravi', name: 'Ravi K', isActive: true });
    if (call === 'acceptInvite') await t.put(paths.user('ravi'), { ...app });
    t.accounts.add({ uid: 'ravi', providerIds: [provider], emailVerified: provider !== 'password' });
    const before = await t.user('ravi');
    const replayed = new FlowError('unauthenticated', 'This request was already made once');
    const caller = t.caller('ravi', provider);
    const attempt = withWriteGate<unknown>(refusedLater(replayed), () =>
      call === 'registerInvitee'
        ? t.flow.registerInvitee(caller, { inviterId: 'asha', name: 'Ravi' })
        : call === 'completeSocialSignUp'
          ? t.flow.completeSocialSignUp(caller, { inviterId: 'asha' })
          : t.flow.acceptInvite(caller, { inviterId: 'asha' }),
    );
    await expect(attempt).rejects.toBe(replayed);
    expect(await t.user('ravi')).toEqual(before);
    expect(await t.join('asha', 'ravi')).toBeUndefined();
    expect(await t.friends()).toEqual([]);
    expect(await t.history('asha')).toEqual([]);
  });

  it('writes nothing, applies no code and claims no push when the consumption refuses the call', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    const before = await t.user('mira');
    const replayed = new FlowError('unauthenticated', 'This request was already made once');
    // As the callable runs it: the ports' writes wait for the consumption (write-gate.ts).
    const activation = withWriteGate(refusedLater(replayed), () =>
      t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
    );
    await expect(activation).rejects.toBe(replayed);
    expect(await t.user('mira')).toEqual(before);
    expect((await t.accounts.getAccount('mira'))?.emailVerified).toBe(false);
    expect(await t.join('asha', 'mira')).toBeUndefined();
    expect(await t.friends()).toEqual([]);
    expect(await t.history('asha')).toEqual([]);
    await t.runTrigger();
    expect(t.push.sent).toEqual([]);
  });

  it('joins once the consumption lets it, having written nothing before', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    let admit = () => {};
    const consumed = new Promise<void>((resolve) => (admit = resolve));
    const activation = withWriteGate(consumed, () =>
      t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.all('_addressProofs')).toEqual([]);
    expect(await t.friends()).toEqual([]);
    admit();
    expect((await activation).inviter?.inviterId).toBe('asha');
    expect(await t.user('mira')).toMatchObject({ isActive: true });
    expect(await t.signUp('mira')).toMatchObject({ signUpProvedAt: T0.toISOString() });
    expect(await t.friends()).toHaveLength(1);
  });
});

describe('C. joining is one-shot per (inviter, invitee)', () => {
  it('a replay after an unfriending makes no second friendship, entry or push', async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    const mira = t.caller('mira', 'google.com', { name: 'Mira' });
    await t.flow.completeSocialSignUp(mira, { inviterId: 'asha' });
    for (const [id] of await t.all('Friends')) await t.put(paths.friend(id), undefined); // the app unfriends
    await t.flow.completeSocialSignUp(mira, { inviterId: 'asha' });
    await t.flow.acceptInvite(mira, { inviterId: 'asha' });
    expect(await t.friends()).toEqual([]);
    await t.runTrigger();
    expect(await t.history('asha')).toHaveLength(1);
    expect(t.push.sent).toHaveLength(1);
    expect((await t.funnel('asha')).joins).toBe(1);
    expect((await t.funnel('asha')).signUps).toBe(1);
  });

  it('remembers a pair that were friends already, owing nothing', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.put(paths.friend('x'), { userId: 'mira', friendId: 'asha' });
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com'), { inviterId: 'asha' });
    expect(await t.join('asha', 'mira')).toMatchObject({
      friendship: 'existed',
      history: 'not-owed',
      push: 'not-owed',
    });
    expect(t.push.sent).toEqual([]);
    expect(await t.history('asha')).toEqual([]);
  });

  it('a commit whose reads changed meanwhile is decided again, not doubled', async () => {
    let raced = false;
    const t = setup({
      beforeCommit: async (db) => {
        if (raced) return;
        raced = true;
        // The app makes the friendship (the join's friendship query reads it) and renames the inviter.
        await db.doc(paths.friend('app-made')).set({ userId: 'asha', friendId: 'mira' });
        await db.doc(paths.user('asha')).update({ name: 'Asha V' }); // read by the join
      },
    });
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com'), { inviterId: 'asha' });
    expect(t.stats.contended).toBe(1);
    // Decided again on fresh reads: the pair is friends already (the app's document), nothing doubled.
    expect(await t.join('asha', 'mira')).toMatchObject({ friendship: 'existed' });
    expect(await t.friends()).toHaveLength(1);
  });
});

describe("D. the inviter's history never breaks", () => {
  it('appends the entry to a full history document with the oldest entries dropped', async () => {
    const t = setup();
    await t.inviter('asha');
    // Fill the document to within 100 bytes of Firestore's limit: the next entry cannot fit.
    const entries: unknown[] = [];
    const size = (extra: string) =>
      firestoreDocumentSize(paths.history('asha'), {
        userId: 'asha',
        history: [...entries, extra],
        updatedAt: T0.toISOString(),
      });
    while (size('x'.repeat(1000)) < MAX_DOCUMENT_BYTES) entries.push('x'.repeat(1000));
    while (size('') < MAX_DOCUMENT_BYTES - 100) entries.push('');
    await t.put(paths.history('asha'), { userId: 'asha', history: entries, updatedAt: T0.toISOString() });
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
    expect(await t.friends()).toHaveLength(1);
    await t.runTrigger();
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'written', push: 'sent' });
    const history = await t.history('asha');
    expect(history.length).toBeLessThan(entries.length);
    expect(JSON.stringify(history.at(-1))).toContain('mira');
    expect(t.logger.entries.map((e) => e.message)).toContain('Dropped the oldest history entries to make room');
  });
});

describe('E. owed pushes are delivered without another activation', () => {
  it("answers before the push is decided: the join's record owes it, and the trigger's batch claims and sends it", async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    const answer = await t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    expect(answer.inviter?.inviterId).toBe('asha');
    expect(t.push.sent).toEqual([]);
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'owed', push: 'undecided', pushAttempts: 0 });
    expect(await t.history('asha')).toEqual([]);
    await t.runTrigger();
    expect(await t.history('asha')).toHaveLength(1);
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent', pushAttempts: 1 });
    expect((await t.join('asha', 'mira'))?.dueAt).toBeUndefined();
    // The trigger's own writes (the outcome) send nothing more.
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(1);
  });

  it('a function that dies between its commit and its push: the trigger sends the push all the same', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    t.crashes.armed.add('after-commit');
    await expect(
      t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null),
    ).rejects.toThrow('Simulated crash after-commit');
    expect(await t.friends()).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'owed', push: 'undecided' });
    // Nothing to wait out: the commit's change runs the trigger.
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent' });
    // The person tries again: answered, nothing joined or sent twice.
    await t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    await t.runTrigger();
    expect(await t.friends()).toHaveLength(1);
    expect(t.push.sent).toHaveLength(1);
    expect(await t.history('asha')).toHaveLength(1);
  });

  it('a trigger that dies between the push and its settle: sent again after the lease, the same collapse key', async () => {
    const t = setup();
    await t.inviter('asha');
    const code = await t.emailSignUp('mira', 'asha');
    await t.flow.activateAccount({ uid: 'mira', inviterId: 'asha', verificationCode: code }, null);
    t.crashes.armed.add('after-push');
    // The trigger dies before its settle: the flow logs it, and the claim stays for the sweep.
    await t.runTrigger();
    expect(t.logger.entries.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/Could not record how the push went/),
    );
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sending' });
    expect((await t.sweep(new Date(T0.getTime() + minutes(2)))).sent).toBe(1);
    // At least once: a duplicate, which the phone shows in place of the first.
    expect(t.push.sent).toHaveLength(2);
    const tags = t.push.sent.map((message) => message.android.notification.tag);
    expect(tags[0]).toBe(tags[1]);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent' });
  });

  it('a join whose trigger never ran is still owed, and the sweep delivers its batch once the grace passes', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.miraJoinsAsha();
    t.trigger.drop();
    expect(await t.friends()).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'owed', push: 'undecided' });
    expect((await t.sweep(new Date(T0.getTime() + 30_000))).historyWritten).toBe(0); // within the grace
    expect((await t.sweep(new Date(T0.getTime() + minutes(2)))).historyWritten).toBe(1);
    expect(await t.history('asha')).toHaveLength(1);
    // The batch claimed the push as a batch does: the trigger on that change sends it.
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sending', pushAttempts: 1, pushSender: 'trigger' });
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent', pushAttempts: 1 });
  });

  it("a trigger that runs after the sweep took its claim over leaves the sweep's outcome", async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
    await t.sweep(new Date(T0.getTime() + minutes(2))); // its batch's trigger is late: the sweep delivers it
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sending', pushAttempts: 1 });
    t.push.down = true;
    t.clock.now = new Date(T0.getTime() + minutes(4));
    await t.sweep(t.clock.now); // the lease ran out: the sweep claims it again, and FCM is down
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'pending', pushAttempts: 2 });
    t.push.down = false;
    await t.runTrigger(); // the triggers, very late: the batch is done and the claim is the sweep's now
    expect(t.push.sent).toEqual([]);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'pending', pushAttempts: 2 });
    expect(await t.history('asha')).toHaveLength(1);
  });

  it('a change Firestore delivers twice delivers its entry and push once', async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
    const created = await t.join('asha', 'mira');
    await t.runTrigger();
    const claimed = { ...created, ...(await t.join('asha', 'mira')), push: 'sending' as const, pushAttempts: 1 };
    expect(t.push.sent).toHaveLength(1);
    // At least once: the join's creation and the batch's claim come again, after all was delivered.
    await t.owedWork.onJoinWritten(undefined, created);
    await t.owedWork.onJoinWritten(created, claimed as typeof created);
    expect(t.push.sent).toHaveLength(1);
    expect(await t.history('asha')).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent', pushAttempts: 1 });
  });

  it('a replayed call asks for an owed push again, and the trigger on its record sends it', async () => {
    const t = setup();
    await t.inviter('asha');
    t.push.down = true;
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    const signUp = () =>
      t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
    await signUp();
    await t.runTrigger();
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'pending', pushAttempts: 1 });
    t.push.down = false;
    await signUp(); // within the backoff: asks nothing
    expect(await t.join('asha', 'mira')).not.toHaveProperty('retryAskedAt');
    t.clock.now = new Date(T0.getTime() + minutes(6)); // past the backoff
    await signUp();
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'pending', retryAskedAt: t.clock.now.toISOString() });
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent', pushAttempts: 2 });
  });

  it("a replayed call's ask is answered by the batch that delivers its join, when the ask's own run failed", async () => {
    const t = setup();
    await t.inviter('asha');
    const signUp = t.miraJoinsAsha;
    await signUp();
    t.trigger.drop(); // its batch never ran
    t.clock.now = new Date(T0.getTime() + minutes(2));
    await signUp(); // past the grace: the replay asks
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'owed', retryAskedAt: t.clock.now.toISOString() });
    t.trigger.drop(); // and the ask's run died too
    await t.sweep(t.clock.now);
    expect(await t.join('asha', 'mira')).toMatchObject({ history: 'written', push: 'sending' });
    expect(await t.join('asha', 'mira')).not.toHaveProperty('retryAskedAt');
  });

  it('a join whose entry an earlier version appended, its push left undecided, is decided by the sweep', async () => {
    const t = setup();
    await t.inviter('asha');
    await t.miraJoinsAsha();
    t.trigger.drop();
    // What the previous trigger did with a new record during a deploy's rollout: the entry, no due time.
    const joined = await t.join('asha', 'mira');
    const { historyDueAt: _history, dueAt: _due, ...rest } = joined as FriendJoin;
    await t.put(paths.join('asha', 'mira'), { ...rest, history: 'written' });
    await t.sweep(new Date(T0.getTime() + minutes(1)));
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sending', pushSender: 'trigger' });
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent' });
  });

  it('a push FCM refused is owed, and the sweep delivers it after its backoff', async () => {
    const t = setup();
    await t.inviter('asha');
    t.push.down = true;
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name: 'Mira' }), { inviterId: 'asha' });
    await t.runTrigger();
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'pending', pushAttempts: 1 });
    t.push.down = false;
    expect((await t.sweep(new Date(T0.getTime() + minutes(1)))).sent).toBe(0); // not due yet
    const report = await t.sweep(new Date(T0.getTime() + minutes(6)));
    expect(report.sent).toBe(1);
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'sent', pushAttempts: 2 });
    expect((await t.join('asha', 'mira'))?.dueAt).toBeUndefined();
  });

  it('drops a dead token from the inviter and owes nothing more', async () => {
    const t = setup();
    await t.inviter('asha', { fcmToken: 'dead-token' });
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com'), { inviterId: 'asha' });
    await t.runTrigger();
    expect(await t.join('asha', 'mira')).toMatchObject({ push: 'token-removed' });
    expect((await t.user('asha'))?.fcmToken).toBeUndefined();
  });
});

describe('F. names from identity providers obey the rules of typed names', () => {
  it("cleans a provider's name wherever it is stored or sent", async () => {
    const t = setup();
    await t.inviter('asha');
    t.accounts.add({ uid: 'mira', providerIds: ['google.com'], emailVerified: true });
    const name = '<b>Mira</b>\u202e\u200b  Kapoor';
    await t.flow.completeSocialSignUp(t.caller('mira', 'google.com', { name }), { inviterId: 'asha' });
    expect((await t.user('mira'))?.name).toBe('Mira Kapoor');
    expect((await t.join('asha', 'mira'))?.inviteeName).toBe('Mira Kapoor');
    await t.runTrigger();
    expect(t.push.sent[0]?.notification.body).toContain('Mira Kapoor');
  });
});

describe('H. no push floods: at most 5 friend-join pushes an hour per inviter', () => {
  it('gives the first five joins of an hour their own push, then one summary for the rest', async () => {
    const t = setup();
    await t.inviter('asha');
    for (let i = 0; i < 8; i++) {
      t.clock.now = new Date(T0.getTime() + i * 1000);
      t.accounts.add({ uid: `m${i}`, providerIds: ['google.com'], emailVerified: true });
      await t.flow.completeSocialSignUp(t.caller(`m${i}`, 'google.com', { name: `Friend ${i}` }), {
        inviterId: 'asha',
      });
    }
    await t.runTrigger();
    expect(t.push.sent).toHaveLength(5);
    expect(await t.friends()).toHaveLength(8);
    expect(await t.history('asha')).toHaveLength(8);
    expect(await t.get<PushBudget>(paths.budget('asha'))).toMatchObject({ heldCount: 3, heldName: 'Friend 7' });
    expect((await t.sweep(new Date(T0.getTime() + minutes(30)))).summariesSent).toBe(0); // the hour is full
    const report = await t.sweep(new Date(T0.getTime() + minutes(61)));
    expect(report.summariesSent).toBe(1);
    expect(t.push.sent).toHaveLength(6);
    expect(t.push.sent[5]?.notification.body).toContain('Friend 7');
  });

  it("one trigger's batch delivers the joins before it, and the later triggers find theirs delivered", async () => {
    const t = setup();
    await t.inviter('asha');
    for (let i = 0; i < 12; i++) {
      t.clock.now = new Date(T0.getTime() + i * 1000);
      t.accounts.add({ uid: `m${i}`, providerIds: ['google.com'], emailVerified: true });
      await t.flow.completeSocialSignUp(t.caller(`m${i}`, 'google.com', { name: `Friend ${i}` }), {
        inviterId: 'asha',
      });
    }
    await t.runTrigger();
    const batches = t.logger.entries.filter((entry) => entry.message === 'Delivered a batch of joins');
    expect(batches.map((entry) => entry.fields)).toEqual([expect.objectContaining({ joins: 12, claimed: 5, held: 7 })]);
    expect(await t.history('asha')).toHaveLength(12);
    expect(t.push.sent).toHaveLength(5);
    expect(await t.get<PushBudget>(paths.budget('asha'))).toMatchObject({ heldCount: 7, heldName: 'Friend 11' });
  });
});
