/**
 * In-memory ports for the flows' unit tests, where no emulator stands in: Auth's accounts and
 * verification codes, and an FCM that can be down or call a token dead. Firestore is our
 * emulator in the tests' process (emulated-firestore.ts), read and written by the real stores.
 */
import { friendDocumentId } from '@dayfocus/contracts/records';
import type { PushMessage } from '../src/owed-work/domain/push.js';
import type {
  Account,
  AccountLookup,
  AccountMaker,
  AppliedCode,
  CheckedCode,
  VerificationCodes,
} from '../src/invites/flows/ports.js';
import { type PushOutcome, type PushTransport } from '../src/owed-work/flows/ports.js';

/** Where the flows' records are, by document path `collection/id`. */
export const paths = {
  user: (id: string) => `Users/${id}`,
  signUp: (id: string) => `_signUps/${id}`,
  notifications: (id: string) => `Notifications/${id}`,
  friend: (id: string) => `Friends/${id}`,
  join: (inviterId: string, inviteeId: string) => `_friendJoins/${friendDocumentId(inviterId, inviteeId)}`,
  history: (inviterId: string) => `NotificationHistory/${inviterId}`,
  budget: (inviterId: string) => `_pushBudgets/${inviterId}`,
};

/** Auth's accounts and the verification codes of their e-mails. */
export class MemoryAccounts implements AccountLookup, AccountMaker, VerificationCodes {
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

  async createPasswordAccount(email: string): Promise<{ uid: string; email: string } | 'taken'> {
    if ([...this.accounts.values()].some((account) => account.email === email)) return 'taken';
    const uid = `made-${this.accounts.size}`;
    this.add({ uid, email });
    return { uid, email };
  }

  async clearDisplayName(uid: string): Promise<void> {
    const account = this.accounts.get(uid);
    if (account) account.displayName = undefined;
  }

  async verifyAddress(uid: string, address: string): Promise<'verified' | 'taken'> {
    for (const other of this.accounts.values()) if (other.uid !== uid && other.email === address) return 'taken';
    const account = this.accounts.get(uid);
    if (account) Object.assign(account, { email: address, emailVerified: true });
    return 'verified';
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
