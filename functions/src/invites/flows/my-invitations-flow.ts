/**
 * `myInvitations`: the inviter's own view of her invitation, for the mobile app. Her numbers of the
 * last days by way in (her funnel, domain/funnel.ts) and the people who became her friends through
 * it (her joins' records), in one round of reads beside the account's check: only the caller's own,
 * only what the funnel counts and the joins record, nothing of anyone who did not join.
 */
import {
  MY_INVITATIONS_DAYS,
  MY_INVITATIONS_PAGE,
  type MyInvitations,
} from '@dayfocus/contracts/inviter-view-functions';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError } from '../../platform/domain/errors.js';
import { checkSession } from '../../platform/domain/session.js';
import { decodeCursor, invitationFigures, lastDays, peoplePage } from '../domain/invitation-numbers.js';
import type { AccountLookup, InvitationReader } from './ports.js';

export interface MyInvitationsDeps {
  reader: InvitationReader;
  accounts: Pick<AccountLookup, 'getAccount'>;
  now(): Date;
}

export class MyInvitationsFlow {
  constructor(private readonly deps: MyInvitationsDeps) {}

  /** The caller's own: no field names an inviter. */
  async myInvitations(caller: Caller, input: { cursor?: string | undefined }): Promise<MyInvitations> {
    const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
    if (input.cursor !== undefined && !after) throw new FlowError('invalid-argument', 'This cursor is not one of ours');
    const inviterId = caller.uid;
    const days = lastDays(this.deps.now(), MY_INVITATIONS_DAYS);
    const account = this.deps.accounts.getAccount(inviterId);
    account.catch(() => undefined); // awaited below; never an unhandled rejection
    // One round: the shards (first page only), the page of people and her account at once.
    const [shards, rows] = await Promise.all([
      after ? null : this.deps.reader.shardsSince(inviterId, days[0] ?? ''),
      this.deps.reader.joinsAfter(inviterId, after, MY_INVITATIONS_PAGE + 1),
    ]);
    // A disabled account, or a session revoked since this sign-in, reads nothing.
    checkSession(caller, await account);
    return {
      numbers: shards ? invitationFigures(shards, days) : null,
      ...peoplePage(rows, MY_INVITATIONS_PAGE),
    };
  }
}
