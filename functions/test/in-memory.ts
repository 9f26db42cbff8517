/**
 * In-memory ports (src/platform/flows/ports.ts) for the flows' unit tests: a document store with
 * Firestore's transaction semantics as far as the flows can tell (reads see committed data; a
 * commit whose reads changed meanwhile runs the work again; `create` of an existing document,
 * a budget written against a stale read and an over-size document fail the commit), Auth's
 * accounts and verification codes, and an FCM that can be down or call a token dead.
 *
 * The store's sweep operations decide with the same domain functions as the Firestore store.
 */
import { createHash } from 'node:crypto';
import type { FriendRecord, SignUpRecord, UserRecord } from '@dayfocus/contracts/records';
import { friendDocumentId, friendJoinHistoryEntry } from '@dayfocus/contracts/records';
import { firestoreDocumentSize, MAX_DOCUMENT_BYTES } from '../src/platform/domain/document-size.js';
import type { FunnelEvent } from '../src/invites/domain/funnel.js';
import { appendCapped } from '../src/owed-work/domain/history.js';
import { holdsPushClaim, planSweep, settledPush } from '../src/owed-work/domain/push-claims.js';
import type { PushResult } from '../src/owed-work/domain/push-timing.js';
import { withDueAt, type FriendJoin, type PushClaim } from '../src/owed-work/domain/friend-join.js';
import type { PushMessage } from '../src/owed-work/domain/push.js';
import {
  planDueSummary,
  settledSummary,
  type PushBudget,
  type SummaryClaim,
  type SummaryPlan,
  type SummaryResult,
} from '../src/owed-work/domain/push-budget.js';
import {
  CommitRefused,
  type Account,
  type AccountLookup,
  type AppliedCode,
  type CheckedCode,
  type InviteStore,
  type InviteTransaction,
  type JoinCommit,
  type PairState,
  type SignUpCommit,
  type VerificationCodes,
} from '../src/invites/flows/ports.js';
import { type PushOutcome, type PushTransport } from '../src/owed-work/flows/ports.js';
import { definedFields } from '../src/platform/domain/defined-fields.js';

type Doc = Record<string, unknown>;

/** What a commit found wrong, as Firestore's status names it. */
export class CommitFailed extends Error {
  constructor(readonly status: 'ALREADY_EXISTS' | 'FAILED_PRECONDITION' | 'INVALID_ARGUMENT') {
    super(status);
  }
}

/** The collections the invite flow touches, by document path `collection/id`. */
export class MemoryDocuments {
  readonly docs = new Map<string, Doc>();
  private readonly versions = new Map<string, number>();
  /** Funnel counts by `inviterId/event`. */
  readonly funnel = new Map<string, number>();

  get<T>(path: string): T | undefined {
    const doc = this.docs.get(path);
    return doc === undefined ? undefined : (structuredClone(doc) as T);
  }

  version(path: string): number {
    return this.versions.get(path) ?? 0;
  }

  /** Every change of a join's record, oldest first, until the trigger takes it (MemoryJoinTrigger). */
  readonly joinChanges: { before: FriendJoin | undefined; after: FriendJoin | undefined }[] = [];

  put(path: string, doc: Doc | undefined): void {
    const before = this.get<FriendJoin>(path);
    if (doc === undefined) this.docs.delete(path);
    else this.docs.set(path, structuredClone(doc));
    this.versions.set(path, this.version(path) + 1);
    if (path.startsWith('_friendJoins/')) this.joinChanges.push({ before, after: this.get<FriendJoin>(path) });
  }

  /** Every document of a collection, by id. */
  all<T>(collection: string): [string, T][] {
    return [...this.docs.keys()]
      .filter((path) => path.startsWith(`${collection}/`))
      .map((path) => [path.slice(collection.length + 1), this.get<T>(path) as T]);
  }

  count(inviterId: string, event: FunnelEvent): void {
    const key = `${inviterId}/${event}`;
    this.funnel.set(key, (this.funnel.get(key) ?? 0) + 1);
  }
}

export const paths = {
  user: (id: string) => `Users/${id}`,
  signUp: (id: string) => `_signUps/${id}`,
  notifications: (id: string) => `Notifications/${id}`,
  friend: (id: string) => `Friends/${id}`,
  join: (inviterId: string, inviteeId: string) => `_friendJoins/${friendDocumentId(inviterId, inviteeId)}`,
  history: (inviterId: string) => `NotificationHistory/${inviterId}`,
  budget: (inviterId: string) => `_pushBudgets/${inviterId}`,
};

/** Fields set to `undefined` are deleted, as the Firestore store's updates do. */
const withoutUndefined = definedFields;

type Write = (docs: MemoryDocuments) => void;

/** One attempt of a transaction: the reads it made (with their versions) and its buffered writes. */
class MemoryTransaction implements InviteTransaction {
  readonly reads = new Map<string, number>();
  readonly writes: { path: string; check?: (docs: MemoryDocuments) => void; apply: Write }[] = [];
  countedBudget = false;

  constructor(private readonly docs: MemoryDocuments) {}

  read<T>(path: string): T | undefined {
    this.reads.set(path, this.docs.version(path));
    return this.docs.get<T>(path);
  }

  private friendsEitherWay(a: string, b: string): boolean {
    return this.docs
      .all<FriendRecord>('Friends')
      .some(([, f]) => (f.userId === a && f.friendId === b) || (f.userId === b && f.friendId === a));
  }

  private pair(inviterId: string, inviteeId: string): PairState {
    return {
      inviter: this.read<UserRecord>(paths.user(inviterId)) ?? null,
      join: this.read<FriendJoin>(paths.join(inviterId, inviteeId)),
      friendsAlready: this.friendsEitherWay(inviterId, inviteeId),
      // Beside the transaction, as in Firestore: its version is what a counted push is written against.
      budget: this.docs.get<PushBudget>(paths.budget(inviterId)),
    };
  }

  private budgetVersions = new Map<string, number>();

  async readInvitee(inviteeId: string, inviterId: string | undefined) {
    const invitee = {
      user: this.read<Partial<UserRecord>>(paths.user(inviteeId)),
      signUp: this.read<SignUpRecord>(paths.signUp(inviteeId)),
      notificationsExist: this.read(paths.notifications(inviteeId)) !== undefined,
    };
    return { invitee, pair: inviterId ? await this.readPair(inviterId, inviteeId) : null };
  }

  async readPair(inviterId: string, inviteeId: string): Promise<PairState> {
    this.budgetVersions.set(inviterId, this.docs.version(paths.budget(inviterId)));
    return this.pair(inviterId, inviteeId);
  }

  async readSignUp(userId: string, inviterId: string) {
    return {
      user: this.read<Partial<UserRecord>>(paths.user(userId)),
      signUp: this.read<SignUpRecord>(paths.signUp(userId)),
      inviter: this.read<UserRecord>(paths.user(inviterId)) ?? null,
    };
  }

  private mergeSignUp(userId: string, fields: Partial<SignUpRecord>, now: Date): void {
    if (Object.keys(fields).length > 0)
      this.merge(paths.signUp(userId), { ...fields, userId, updatedAt: now.toISOString() });
  }

  private merge(path: string, fields: Doc): void {
    this.writes.push({
      path,
      apply: (docs) => docs.put(path, withoutUndefined({ ...docs.get<Doc>(path), ...fields })),
    });
  }

  private create(path: string, doc: Doc): void {
    this.writes.push({
      path,
      check: (docs) => {
        if (docs.get(path) !== undefined) throw new CommitFailed('ALREADY_EXISTS');
      },
      apply: (docs) => docs.put(path, withoutUndefined(doc)),
    });
  }

  applySignUp(input: SignUpCommit): void {
    this.merge(paths.user(input.userId), input.update.user);
    this.mergeSignUp(input.userId, input.update.signUp, input.now);
    if (input.countsSignUp) this.writes.push({ path: '', apply: (docs) => docs.count(input.inviterId, 'signUps') });
  }

  applyJoin({ inviteeId, inviterId, userUpdate, signUpUpdate, plan, countsSignUp, now }: JoinCommit): void {
    const iso = now.toISOString();
    this.merge(paths.user(inviteeId), userUpdate);
    this.mergeSignUp(inviteeId, signUpUpdate, now);
    const { writes } = plan;
    if (writes.notifications) this.create(paths.notifications(inviteeId), writes.notifications);
    if (writes.friend) this.create(paths.friend(writes.friend.id), { ...writes.friend.record });
    if (!inviterId) return;
    const count = (event: FunnelEvent) => this.writes.push({ path: '', apply: (docs) => docs.count(inviterId, event) });
    if (writes.join) {
      if ('create' in writes.join) {
        this.create(paths.join(inviterId, inviteeId), { ...writes.join.create });
        if (plan.outcome === 'joined') count('joins');
      } else this.merge(paths.join(inviterId, inviteeId), writes.join.update);
    }
    if (countsSignUp) count('signUps');
    if (writes.historyEntry) {
      const entry = writes.historyEntry;
      const path = paths.history(inviterId);
      const appended = (docs: MemoryDocuments) => {
        const history = docs.get<{ history?: unknown[] }>(path)?.history ?? [];
        const seen = history.some((item) => JSON.stringify(item) === JSON.stringify(entry));
        return { userId: inviterId, history: seen ? history : [...history, entry], updatedAt: iso };
      };
      this.writes.push({
        path,
        check: (docs) => {
          if (firestoreDocumentSize(path, { ...docs.get<Doc>(path), ...appended(docs) }) > MAX_DOCUMENT_BYTES)
            throw new CommitFailed('INVALID_ARGUMENT');
        },
        apply: (docs) => docs.put(path, { ...docs.get<Doc>(path), ...appended(docs) }),
      });
    }
    if (writes.budget) {
      const path = paths.budget(inviterId);
      if ('count' in writes.budget) {
        const fields = { inviterId, sentAt: writes.budget.count, updatedAt: iso };
        const readVersion = this.budgetVersions.get(inviterId);
        this.countedBudget = true;
        this.writes.push({
          path,
          check: (docs) => {
            if (docs.version(path) !== readVersion) throw new CommitFailed('FAILED_PRECONDITION');
          },
          apply: (docs) => docs.put(path, { ...docs.get<Doc>(path), ...fields }),
        });
      } else {
        const { hold } = writes.budget;
        this.writes.push({
          path,
          apply: (docs) => {
            const budget = docs.get<PushBudget>(path);
            docs.put(path, {
              ...budget,
              inviterId,
              heldCount: (budget?.heldCount ?? 0) + 1,
              heldName: hold.inviteeName,
              heldInviteeId: hold.inviteeId,
              heldAt: hold.at,
              dueAt: hold.dueAt,
              updatedAt: iso,
            });
          },
        });
      }
    }
  }
}

export interface MemoryStoreOptions {
  /** Called before each commit: a test's chance to change documents under a running join. */
  beforeCommit?: (docs: MemoryDocuments) => void;
}

export class MemoryInviteStore implements InviteStore {
  readonly docs = new MemoryDocuments();
  /** Commits attempted, and those that ran again on contention. */
  readonly stats = { commits: 0, contended: 0 };

  constructor(private readonly options: MemoryStoreOptions = {}) {}

  async getUser(userId: string): Promise<UserRecord | null> {
    return this.docs.get<UserRecord>(paths.user(userId)) ?? null;
  }

  readInviter(inviterId: string): Promise<UserRecord | null> {
    return this.getUser(inviterId);
  }

  async transaction<T>(work: (tx: InviteTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const tx = new MemoryTransaction(this.docs);
      const result = await work(tx);
      this.options.beforeCommit?.(this.docs);
      this.stats.commits++;
      const stale = [...tx.reads].some(([path, version]) => this.docs.version(path) !== version);
      if (stale) {
        this.stats.contended++;
        if (attempt >= 20) throw new Error('ABORTED: too much contention');
        continue;
      }
      try {
        for (const write of tx.writes) write.check?.(this.docs);
      } catch (error) {
        if (!(error instanceof CommitFailed)) throw error;
        if (tx.countedBudget && (error.status === 'FAILED_PRECONDITION' || error.status === 'ALREADY_EXISTS'))
          throw new CommitRefused('budget-changed', { cause: error });
        if (error.status === 'INVALID_ARGUMENT') throw new CommitRefused('invalid-argument', { cause: error });
        throw error;
      }
      for (const write of tx.writes) write.apply(this.docs);
      return result;
    }
  }

  async rememberVerificationCode(userId: string, digest: string, now: Date): Promise<boolean> {
    const signUp = this.docs.get<SignUpRecord>(paths.signUp(userId));
    if (!signUp) return false;
    const digests = signUp.signUpCodeDigests ?? [];
    const signUpCodeDigests = digests.includes(digest) ? digests : [...digests, digest];
    this.docs.put(paths.signUp(userId), { ...signUp, signUpCodeDigests, updatedAt: now.toISOString() });
    return true;
  }

  async ensureBaseUser(input: { userId: string; email: string; name: string; now: string }) {
    if (this.docs.get(paths.user(input.userId))) return 'existed' as const;
    const { emailSignUpRecord } = await import('@dayfocus/contracts/records');
    this.docs.put(paths.user(input.userId), { ...emailSignUpRecord(input) });
    return 'created' as const;
  }

  async retireUser(userId: string, now: string) {
    const user = this.docs.get<Doc>(paths.user(userId));
    if (!user) return 'missing' as const;
    this.docs.put(
      paths.user(userId),
      withoutUndefined({ ...user, isDeleted: true, isActive: false, fcmToken: undefined, updatedAt: now }),
    );
    return 'retired' as const;
  }

  async appendOwedHistory(inviterId: string, inviteeId: string, now: Date): Promise<FriendJoin['history'] | 'no-join'> {
    const join = this.docs.get<FriendJoin>(paths.join(inviterId, inviteeId));
    if (!join) return 'no-join';
    if (join.history !== 'owed') return join.history;
    const iso = now.toISOString();
    const entry = friendJoinHistoryEntry({ inviteeId, inviteeName: join.inviteeName, now: join.createdAt });
    const document = this.docs.get<Doc>(paths.history(inviterId));
    const { history } = appendCapped(inviterId, { ...document, userId: inviterId, updatedAt: iso }, entry);
    this.docs.put(paths.history(inviterId), { ...document, userId: inviterId, history, updatedAt: iso });
    const next = withDueAt({ ...join, history: 'written' as const, historyDueAt: undefined });
    this.docs.put(paths.join(inviterId, inviteeId), withoutUndefined({ ...next, updatedAt: iso }));
    return 'written';
  }

  async settlePush(claim: PushClaim, result: PushResult, now: Date): Promise<boolean> {
    const path = paths.join(claim.inviterId, claim.inviteeId);
    const join = this.docs.get<FriendJoin>(path);
    if (!holdsPushClaim(join, claim)) return false;
    this.docs.put(path, withoutUndefined({ ...join, ...settledPush(claim, result, now) }));
    return true;
  }

  async removeDeadToken(userId: string, token: string, now: string): Promise<void> {
    const user = this.docs.get<Doc>(paths.user(userId));
    if (user?.fcmToken === token)
      this.docs.put(paths.user(userId), withoutUndefined({ ...user, fcmToken: undefined, updatedAt: now }));
  }

  private dueIn<T extends { dueAt?: string }>(collection: string, now: Date, limit: number): [string, T][] {
    return this.docs
      .all<T>(collection)
      .filter(([, doc]) => doc.dueAt !== undefined && doc.dueAt <= now.toISOString())
      .sort(([, a], [, b]) => String(a.dueAt).localeCompare(String(b.dueAt)))
      .slice(0, limit);
  }

  async dueJoins(now: Date, limit: number) {
    return this.dueIn<FriendJoin>('_friendJoins', now, limit).map(([, j]) => ({
      inviterId: j.inviterId,
      inviteeId: j.inviteeId,
    }));
  }

  async claimDue(inviterId: string, inviteeId: string, now: Date) {
    const path = paths.join(inviterId, inviteeId);
    const budget = this.docs.get<PushBudget>(paths.budget(inviterId));
    const plan = planSweep(this.docs.get<FriendJoin>(path), await this.getUser(inviterId), budget, now);
    if (plan.join) this.docs.put(path, withoutUndefined({ ...plan.join }));
    if (plan.budgetSentAt) {
      this.docs.put(paths.budget(inviterId), {
        ...budget,
        inviterId,
        sentAt: plan.budgetSentAt,
        updatedAt: now.toISOString(),
      });
    }
    return { claim: plan.claim, gaveUp: plan.gaveUp, writeHistory: plan.writeHistory };
  }

  async dueBudgets(now: Date, limit: number): Promise<string[]> {
    return this.dueIn<PushBudget>('_pushBudgets', now, limit).map(([id]) => id);
  }

  async claimSummary(inviterId: string, now: Date): Promise<SummaryPlan> {
    const budget = this.docs.get<PushBudget>(paths.budget(inviterId));
    const plan = planDueSummary(inviterId, budget, await this.getUser(inviterId), now);
    if (plan.update) this.docs.put(paths.budget(inviterId), withoutUndefined({ ...budget, ...plan.update }));
    return plan;
  }

  async settleSummary(claim: SummaryClaim, result: SummaryResult, now: Date): Promise<void> {
    const budget = this.docs.get<PushBudget>(paths.budget(claim.inviterId));
    const fields = settledSummary(budget, claim, result, now);
    if (fields) this.docs.put(paths.budget(claim.inviterId), withoutUndefined({ ...budget, ...fields }));
  }
}

/** Auth's accounts and the verification codes of their e-mails. */
export class MemoryAccounts implements AccountLookup, VerificationCodes {
  readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, { uid: string; email: string; used: boolean }>();

  add(account: Partial<Account> & { uid: string }): Account {
    const full: Account = {
      email: `${account.uid}@example.com`,
      emailVerified: false,
      providerIds: ['password'],
      displayName: undefined,
      ...account,
    };
    this.accounts.set(full.uid, full);
    return full;
  }

  async getAccount(uid: string): Promise<Account | null> {
    const account = this.accounts.get(uid);
    return account ? { ...account } : null;
  }

  async clearDisplayName(uid: string): Promise<void> {
    const account = this.accounts.get(uid);
    if (account) account.displayName = undefined;
  }

  /** A verification e-mail's code for the account, as Auth sends it. */
  verificationCode(uid: string): string {
    const code = `code-${uid}-${this.codes.size}`;
    this.codes.set(code, { uid, email: this.accounts.get(uid)?.email ?? '', used: false });
    return code;
  }

  /** Any other proof of the address (an administrator, a password reset): verified, no code. */
  verifyOtherwise(uid: string): void {
    const account = this.accounts.get(uid);
    if (account) account.emailVerified = true;
  }

  async check(code: string): Promise<CheckedCode> {
    const known = this.codes.get(code);
    if (!known || known.used) return { kind: 'used-or-invalid' };
    return { kind: 'code', requestType: 'VERIFY_EMAIL', email: known.email };
  }

  async apply(code: string): Promise<AppliedCode> {
    const known = this.codes.get(code);
    if (!known || known.used) return { kind: 'used-or-invalid' };
    if (this.accounts.get(known.uid)?.disabled) return { kind: 'disabled' };
    known.used = true;
    this.verifyOtherwise(known.uid);
    return { kind: 'applied', uid: known.uid };
  }

  digest(code: string): string {
    return createHash('sha256').update(code).digest('hex');
  }
}

/**
 * Firestore's trigger on the join records: holds each change until the test runs the trigger
 * (`runAll`), as Firestore delivers it a moment after the commit; `drop` loses what is held.
 */
export class MemoryJoinTrigger {
  constructor(private readonly docs: MemoryDocuments) {}

  /** Hands every change held so far, and those the runs make, to `onChange` in order; how many. */
  async runAll(onChange: (before: FriendJoin | undefined, after: FriendJoin | undefined) => Promise<unknown>) {
    let count = 0;
    for (let change = this.docs.joinChanges.shift(); change; change = this.docs.joinChanges.shift()) {
      await onChange(change.before, change.after);
      count++;
    }
    return count;
  }

  /** The changes held: what the trigger has not run on yet. */
  get held(): number {
    return this.docs.joinChanges.length;
  }

  /** Loses every change held (the trigger never runs on them). */
  drop(): void {
    this.docs.joinChanges.splice(0);
  }
}

/** FCM: every message kept; down while `down` is set; tokens starting `dead-` are unregistered. */
export class MemoryPush implements PushTransport {
  readonly sent: PushMessage[] = [];
  down = false;

  async send(messages: PushMessage[]): Promise<PushOutcome[]> {
    return messages.map((message) => {
      if (this.down) return { token: message.token, delivered: false, errorCode: 'messaging/unavailable' };
      if (message.token.startsWith('dead-'))
        return { token: message.token, delivered: false, errorCode: 'messaging/registration-token-not-registered' };
      this.sent.push(message);
      return { token: message.token, delivered: true };
    });
  }
}
