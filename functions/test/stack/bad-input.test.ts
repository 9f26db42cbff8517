/**
 * Bad input that needs an account or a stored record to be told apart (an unknown inviter, a
 * self-invite, a Google account where e-mail is asked), and a name that is no name: each gets its
 * clear error and writes nothing. What every request's schema refuses is derived from the
 * functions' manifest in bad-input-schemas.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, Browser, createInviter, eventually, outcomeOf, userDoc, uniqueId } from './support.js';

const watched = ['Users', 'Notifications', 'Friends', 'NotificationHistory', '_devPushOutbox', '_friendJoins'];

/** The strings of a call's input (its ids, names, addresses), at any depth. */
/**
 * The strings of a call's input that name something of this test alone: a short one ('x',
 * 'Mira') is also in what other files, running beside this one on the same stack, write
 * meanwhile. What a flow writes is keyed by the caller's or the inviter's id, which are needles
 * anyway.
 */
function distinctStringsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 12 ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(distinctStringsIn);
  return [];
}

/**
 * Every document of the collections a flow writes that names this test's accounts or anything
 * of the call's input, in its id or its data. The stack is shared (it may be the one of
 * `npm run dev`, and other files run beside this one), so the test looks at what a call could
 * have touched, not at whole collections.
 */
async function dataAbout(needles: string[]): Promise<string> {
  const parts = await Promise.all(
    watched.map(async (name) => {
      const docs = (await adminDb.collection(name).get()).docs
        .map((d) => [d.id, d.data()] as const)
        .filter(([id, data]) => {
          const text = `${id} ${JSON.stringify(data)}`;
          return needles.some((needle) => text.includes(needle));
        });
      return [name, docs.sort(([a], [b]) => a.localeCompare(b))] as const;
    }),
  );
  return JSON.stringify(parts);
}

type Who = 'anonymous' | 'email' | 'google';
interface Case {
  call: string;
  who: Who;
  data: (ids: { inviter: string; email: string; google: string }) => unknown;
  expected: string;
}

const longId = 'a'.repeat(129);
const cases: [string, Case][] = [
  [
    'getInviter: missing inviterId',
    { call: 'getInviter', who: 'anonymous', data: () => ({}), expected: 'invalid-argument' },
  ],
  [
    'getInviter: inviterId an array',
    { call: 'getInviter', who: 'anonymous', data: () => ({ inviterId: ['x'] }), expected: 'invalid-argument' },
  ],
  [
    'getInviter: empty inviterId',
    { call: 'getInviter', who: 'anonymous', data: () => ({ inviterId: '' }), expected: 'invalid-argument' },
  ],
  [
    'getInviter: over-long inviterId',
    { call: 'getInviter', who: 'anonymous', data: () => ({ inviterId: longId }), expected: 'invalid-argument' },
  ],
  [
    'getInviter: an extra field',
    {
      call: 'getInviter',
      who: 'anonymous',
      data: (i) => ({ inviterId: i.inviter, email: true }),
      expected: 'invalid-argument',
    },
  ],
  [
    'getInviter: unknown inviter',
    { call: 'getInviter', who: 'anonymous', data: () => ({ inviterId: uniqueId('nobody') }), expected: 'not-found' },
  ],

  [
    'registerInvitee: not signed in',
    {
      call: 'registerInvitee',
      who: 'anonymous',
      data: (i) => ({ inviterId: i.inviter, name: 'Mira' }),
      expected: 'unauthenticated',
    },
  ],
  [
    'registerInvitee: missing name',
    { call: 'registerInvitee', who: 'email', data: (i) => ({ inviterId: i.inviter }), expected: 'invalid-argument' },
  ],
  [
    'registerInvitee: name a number',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: 5 }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: empty name',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: '' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: blank name',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: '   ' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: over-long name',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: 'n'.repeat(81) }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: a name of invisible characters alone',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: '\u034f\ufe0f \u17b4\u180b\ufe00' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: a link with ideographic and full-width dots in the name',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: 'Win at evil\u3002com or pay\uff0ein' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: markup in the name',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter, name: '<img src=x onerror=alert(1)>' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: missing inviterId',
    { call: 'registerInvitee', who: 'email', data: () => ({ name: 'Mira' }), expected: 'invalid-argument' },
  ],
  [
    'registerInvitee: over-long inviterId',
    {
      call: 'registerInvitee',
      who: 'email',
      data: () => ({ inviterId: longId, name: 'Mira' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: unknown inviter',
    {
      call: 'registerInvitee',
      who: 'email',
      data: () => ({ inviterId: uniqueId('nobody'), name: 'Mira' }),
      expected: 'not-found',
    },
  ],
  [
    'registerInvitee: self-invite',
    {
      call: 'registerInvitee',
      who: 'email',
      data: (i) => ({ inviterId: i.email, name: 'Mira' }),
      expected: 'invalid-argument',
    },
  ],
  [
    'registerInvitee: a Google account',
    {
      call: 'registerInvitee',
      who: 'google',
      data: (i) => ({ inviterId: i.inviter, name: 'Mira' }),
      expected: 'failed-precondition',
    },
  ],

  [
    'activateAccount: missing uid',
    { call: 'activateAccount', who: 'anonymous', data: () => ({}), expected: 'invalid-argument' },
  ],
  [
    'activateAccount: empty uid',
    { call: 'activateAccount', who: 'anonymous', data: () => ({ uid: '' }), expected: 'invalid-argument' },
  ],
  [
    'activateAccount: over-long uid',
    { call: 'activateAccount', who: 'anonymous', data: () => ({ uid: longId }), expected: 'invalid-argument' },
  ],
  [
    'activateAccount: inviterId a boolean',
    {
      call: 'activateAccount',
      who: 'anonymous',
      data: (i) => ({ uid: i.email, inviterId: true }),
      expected: 'invalid-argument',
    },
  ],
  [
    'activateAccount: a uid with a path in it',
    { call: 'activateAccount', who: 'anonymous', data: () => ({ uid: 'Users/../x' }), expected: 'invalid-argument' },
  ],
  [
    'activateAccount: unknown account',
    {
      call: 'activateAccount',
      who: 'anonymous',
      data: () => ({ uid: uniqueId('nobody') }),
      expected: 'failed-precondition',
    },
  ],
  [
    'activateAccount: unverified email account',
    { call: 'activateAccount', who: 'anonymous', data: (i) => ({ uid: i.email }), expected: 'failed-precondition' },
  ],
  [
    'activateAccount: another signed-in account',
    { call: 'activateAccount', who: 'google', data: (i) => ({ uid: i.email }), expected: 'permission-denied' },
  ],

  [
    'completeSocialSignUp: not signed in',
    {
      call: 'completeSocialSignUp',
      who: 'anonymous',
      data: (i) => ({ inviterId: i.inviter }),
      expected: 'unauthenticated',
    },
  ],
  [
    'completeSocialSignUp: missing inviterId',
    { call: 'completeSocialSignUp', who: 'google', data: () => ({}), expected: 'invalid-argument' },
  ],
  [
    'completeSocialSignUp: inviterId a number',
    { call: 'completeSocialSignUp', who: 'google', data: () => ({ inviterId: 1 }), expected: 'invalid-argument' },
  ],
  [
    'completeSocialSignUp: empty inviterId',
    { call: 'completeSocialSignUp', who: 'google', data: () => ({ inviterId: '' }), expected: 'invalid-argument' },
  ],
  [
    'completeSocialSignUp: unknown inviter',
    {
      call: 'completeSocialSignUp',
      who: 'google',
      data: () => ({ inviterId: uniqueId('nobody') }),
      expected: 'not-found',
    },
  ],
  [
    'completeSocialSignUp: self-invite',
    {
      call: 'completeSocialSignUp',
      who: 'google',
      data: (i) => ({ inviterId: i.google }),
      expected: 'invalid-argument',
    },
  ],
  [
    'completeSocialSignUp: an email account',
    {
      call: 'completeSocialSignUp',
      who: 'email',
      data: (i) => ({ inviterId: i.inviter }),
      expected: 'failed-precondition',
    },
  ],
];

/**
 * Ids that are not Firestore ids by the one rule (packages/contracts/src/ids.ts), each in every
 * uid of every callable. `own` stands for the caller's own uid: the SDK drops a leading `/`, so `/{own uid}`
 * once passed the self-invite check and wrote a self-friendship.
 */
const hostileIds: [what: string, id: (own: string) => string][] = [
  ['the own uid behind a slash', (own) => `/${own}`],
  ['a reserved __x__ id', () => '__x__'],
  ['the path step ..', () => '..'],
  ['a path into a subcollection', (own) => `${own}/Friends/x`],
];
for (const [what, id] of hostileIds) {
  cases.push(
    [
      `getInviter: ${what}`,
      {
        call: 'getInviter',
        who: 'anonymous',
        data: (i) => ({ inviterId: id(i.inviter) }),
        expected: 'invalid-argument',
      },
    ],
    [
      `registerInvitee: inviter ${what}`,
      {
        call: 'registerInvitee',
        who: 'email',
        data: (i) => ({ inviterId: id(i.email), name: 'Eve' }),
        expected: 'invalid-argument',
      },
    ],
    [
      `activateAccount: uid ${what}`,
      { call: 'activateAccount', who: 'anonymous', data: (i) => ({ uid: id(i.email) }), expected: 'invalid-argument' },
    ],
    [
      `activateAccount: inviter ${what}`,
      {
        call: 'activateAccount',
        who: 'anonymous',
        data: (i) => ({ uid: i.email, inviterId: id(i.inviter) }),
        expected: 'invalid-argument',
      },
    ],
    [
      `completeSocialSignUp: inviter ${what}`,
      {
        call: 'completeSocialSignUp',
        who: 'google',
        data: (i) => ({ inviterId: id(i.google) }),
        expected: 'invalid-argument',
      },
    ],
  );
}

describe('bad input to the callables: a clear error and nothing written', () => {
  const browsers = {} as Record<Who, Browser>;
  const ids = { inviter: '', email: '', google: '' };

  beforeAll(async () => {
    ids.inviter = (await createInviter()).userId;
    browsers.anonymous = new Browser();
    browsers.email = new Browser();
    browsers.google = new Browser();
    ids.email = (await browsers.email.signUpWithEmail()).uid;
    ids.google = (await browsers.google.signInWith('google.com', { name: 'Gia' })).uid;
    // The account-creation triggers write base records; let them land before watching.
    await eventually(
      () => Promise.all([userDoc(ids.email), userDoc(ids.google)]),
      (docs) => docs.every(Boolean),
      {
        what: "the account trigger's records of the test accounts",
      },
    );
    await new Promise((r) => setTimeout(r, 300));
  });

  afterAll(async () => {
    await Promise.all(Object.values(browsers).map((b) => b.close()));
  });

  it.each(cases)('%s', async (_name, testCase) => {
    const data = testCase.data(ids);
    const needles = [ids.inviter, ids.email, ids.google, ...distinctStringsIn(data)];
    const before = await dataAbout(needles);
    expect(before, 'the test accounts exist').toContain(ids.inviter);
    const outcome = await outcomeOf(browsers[testCase.who].call(testCase.call, data));
    expect(outcome).toBe(testCase.expected);
    expect(await dataAbout(needles)).toBe(before);
  });

  it('says what is wrong in the error message', async () => {
    const error = await browsers.email
      .call('registerInvitee', { inviterId: ids.inviter, name: '' })
      .catch((e: unknown) => e);
    expect((error as { details?: unknown }).details).toEqual({
      problems: [{ path: 'name', message: 'validation.usernameRequired' }],
    });
    expect((error as Error).message.match(/name: Please enter username/g)).toHaveLength(1);
  });
});
