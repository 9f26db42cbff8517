/**
 * The documents the rules probe (companion-rules.ts, clientAccessProblems) tries on each collection
 * of ours: the ones an app's owner-keyed rules would grant its signed-in caller. Named by the
 * caller's uid (and address), holding its uid or address in every field such a rule may key on
 * (`owner`, `uid`, `email`, …, and the collection's own: `_mail`'s `to`, `_signInHandoffs`' `uid`),
 * all at once and each alone (for rules that allow only some keys).
 */
import type { PlainData as DocumentData } from '@dayfocus/firestore-emulator/wire-client';
import { collections } from '@dayfocus/contracts/records';

/** Our collections in a deployed project: every underscore collection but the local stack's `_dev*` ones. */
export function companionCollections(): string[] {
  return Object.values(collections).filter((name) => name.startsWith('_') && !name.startsWith('_dev'));
}

/** The signed-in caller the probe is: its uid names the documents, its verified address is in its token. */
export const PROBE_UID = 'rules-check-user';
export const PROBE_EMAIL = `${PROBE_UID}@example.com`;

/** Fields by which an app's rule may tie a document to its owner's uid (`… == request.auth.uid`). */
const UID_FIELDS = [
  'owner',
  'ownerId',
  'ownerUid',
  'uid',
  'userId',
  'userUid',
  'user',
  'createdBy',
  'creatorId',
  'author',
  'authorId',
  'accountId',
  'senderId',
  'from',
];
/** … to its owner's address (`… == request.auth.token.email`). */
const EMAIL_FIELDS = ['email', 'ownerEmail', 'userEmail', 'authorEmail', 'to', 'recipient'];
/** … to a list its owner is in (`request.auth.uid in …`). */
const UID_LIST_FIELDS = ['members', 'memberIds', 'participants', 'userIds', 'uids', 'toUids'];

/** A collection's own fields, as the functions write them: those naming an account or an address, and the rest. */
export interface CollectionShape {
  uid?: string[];
  email?: string[];
  uidList?: string[];
  other?: DocumentData;
}

/**
 * Each collection of ours as its records are (functions/src/…/adapters, packages/contracts'
 * records): a rule keyed on one of these fields is the likeliest. A collection missing here is
 * still tried with every generic field (a test holds that each has its entry).
 */
export const COLLECTION_SHAPES: Record<string, CollectionShape> = {
  _signUps: { uid: ['userId', 'invitedBy'], other: { invitedVia: 'link', signUpProvedAt: '2026-01-01T00:00:00Z' } },
  _friendJoins: { uid: ['inviterId', 'inviteeId'], other: { inviteeName: 'Probe', friendship: 'created' } },
  _pushBudgets: { uid: ['inviterId', 'heldInviteeId'], other: { heldName: 'Probe' } },
  _appLinks: { uid: ['inviterId'], other: { code: 'probe', target: 'https://example.com/' } },
  _appLinkOwners: { uid: ['inviterId'], other: { code: 'probe', codeTarget: 'https://example.com/' } },
  _inviteFunnels: { uid: ['inviterId'], other: { day: '2026-01-01' } },
  // The Trigger Email extension's outbox: a document here is a mail sent from our domain.
  _mail: {
    email: ['to', 'replyTo', 'from'],
    uidList: ['toUids'],
    other: { message: { subject: 'Probe', html: '<a href="https://example.com/">Probe</a>', text: 'Probe' } },
  },
  _mailLogs: { other: { sentAt: ['2026-01-01T00:00:00Z'] } },
  _signUpLinkRequests: {
    uid: ['uid'],
    email: ['email'],
    other: { language: 'en', waitingBehind: 'probe' },
  },
  _addressProofs: { uid: ['uid'], email: ['address'], other: { kind: 'mail-link', issuedAt: '2026-01-01T00:00:00Z' } },
  _mailCodes: { other: { code: { digest: 'probe', expiresAt: '2026-01-01T00:00:00Z' }, wrongAt: [] } },
  _emailProofNonces: { other: { holder: 'probe', expiresAt: '2026-01-01T00:00:00Z' } },
  _emailProofLimits: { other: { at: ['2026-01-01T00:00:00Z'] } },
  _signUpLimits: { other: { at: ['2026-01-01T00:00:00Z'] } },
  _signInHandoffs: { uid: ['uid'], other: { platform: 'ios', createdAt: '2026-01-01T00:00:00Z' } },
  _signInHandoffOwners: { other: { digest: 'probe', mintedAt: ['2026-01-01T00:00:00Z'] } },
  _handoffAttempts: { other: { at: ['2026-01-01T00:00:00Z'] } },
  _accountLocks: { uid: ['uid'], email: ['email'], other: { recoveryDigest: 'probe' } },
  _inviteCards: { uid: ['inviterId'], other: { language: 'en', drawnAt: '2026-01-01T00:00:00Z' } },
  _attestationChallenges: { other: { secret: 'probe', expiresAt: '2026-01-01T00:00:00Z' } },
  _attestationLimits: { other: { at: ['2026-01-01T00:00:00Z'] } },
  _attestationCounts: { other: { day: '2026-01-01', context: 'browser' } },
  _inviteControls: { uid: ['inviterId'], other: { paused: true, maxJoins: 1, limitSetAt: '2026-01-01T00:00:00Z' } },
  _spokenCodes: { uid: ['inviterId'], other: { code: 'probe', createdAt: '2026-01-01T00:00:00Z' } },
};

/** Every collection the probe tries: our underscore collections, the mail extension's among them. */
export function probedCollections(): string[] {
  return [...new Set([...companionCollections(), collections.mail])];
}

/** One document the probe writes or seeds, and how a problem names it (empty: any document will do). */
export interface Shape {
  data: DocumentData;
  named: string;
}

/** The shapes tried for a collection, plainest first (a problem names the first that got through). */
export interface Shapes {
  /** `{planted: true}`: any document will do. */
  plain: Shape;
  /** The caller in every owner field, generic and the collection's own, at once. */
  owned: Shape;
  /** The collection's own fields, the caller in those that name an account or an address. */
  own: Shape;
  /** Each owner field alone. */
  singles: Shape[];
}

export function shapesOf(name: string): Shapes {
  const real = COLLECTION_SHAPES[name] ?? {};
  const uid = [...new Set([...UID_FIELDS, ...(real.uid ?? [])])];
  const email = [...new Set([...EMAIL_FIELDS, ...(real.email ?? [])])];
  const uidList = [...new Set([...UID_LIST_FIELDS, ...(real.uidList ?? [])])];
  const valued = (fields: { uid?: string[]; email?: string[]; uidList?: string[] }): DocumentData => ({
    ...Object.fromEntries((fields.uid ?? []).map((field) => [field, PROBE_UID])),
    ...Object.fromEntries((fields.email ?? []).map((field) => [field, PROBE_EMAIL])),
    ...Object.fromEntries((fields.uidList ?? []).map((field) => [field, [PROBE_UID]])),
  });
  // Later fields win: a collection's own `to` is its address, whatever a generic list says.
  const ownData = { ...(real.other ?? {}), ...valued(real) };
  return {
    plain: { data: { planted: true }, named: '' },
    owned: {
      data: { ...valued({ uid, email: email.filter((f) => !uid.includes(f)), uidList }), ...ownData },
      named: 'a document naming it in every owner field (owner, uid, email, …)',
    },
    own: {
      data: { ...ownData },
      named: `a document shaped as ours (${Object.keys(ownData).join(', ') || 'no fields'})`,
    },
    singles: [
      ...uid.map((field) => ({ data: { [field]: PROBE_UID }, named: `a document with only ${field} = its uid` })),
      ...email.map((field) => ({
        data: { [field]: PROBE_EMAIL },
        named: `a document with only ${field} = its address`,
      })),
      ...uidList.map((field) => ({
        data: { [field]: [PROBE_UID] },
        named: `a document with only ${field} = [its uid]`,
      })),
    ],
  };
}

/** The queries a list rule keyed on a field grants: `where(field == caller)` for each field of `data`. */
export function ownerQueries(data: DocumentData): { field: string; value: string; op: 'array-contains' | '==' }[] {
  return Object.entries(data).flatMap(
    ([field, value]): { field: string; value: string; op: 'array-contains' | '==' }[] => {
      if (value === PROBE_UID || value === PROBE_EMAIL) return [{ field, value, op: '==' }];
      if (Array.isArray(value) && value[0] === PROBE_UID) return [{ field, value: PROBE_UID, op: 'array-contains' }];
      return [];
    },
  );
}
