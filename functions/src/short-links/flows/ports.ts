/** The ports of the short-link flow: the link store and the inviters. */
import type { Visitor } from '@dayfocus/contracts/link-paths';
import type { UserRecord } from '@dayfocus/contracts/records';
import type { OpenSource } from '../domain/open-count.js';
import type { AppLinkRecord } from '../domain/app-links.js';

/**
 * Who has a public face (invites/domain/inviters.ts): the inviter's record when she has one, else
 * null. The invites slice answers it (InviterFlow).
 */
export interface InviterLookup {
  publicInviter(inviterId: string): Promise<UserRecord | null>;
}

/** The link store as the flows use it (AppLinkStore in production). */
export interface AppLinkLinks {
  /** The inviter's own link's code, made (with a fresh code from `newCode`) if they have none. */
  ensureOwnLink(input: { inviterId: string; target: string; now: string; newCode: () => string }): Promise<string>;
  /** The code of the inviter's own link to `target`, if they have one: reads only. */
  findOwnLink(inviterId: string, target: string): Promise<string | null>;
  findByCode(code: string): Promise<AppLinkRecord | null>;
  /** Whether the inviter's owner record names this code: the one link of hers that resolves. */
  namesCode(inviterId: string, code: string): Promise<boolean>;
  countOpen(code: string, visitor: Visitor, source: OpenSource, now: string): Promise<void>;
}
