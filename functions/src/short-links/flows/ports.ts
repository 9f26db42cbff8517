import type { Visitor } from '@dayfocus/contracts/link-paths';
import type { UserRecord } from '@dayfocus/contracts/records';
import type { OpenSource } from '../domain/open-count.js';
import type { AppLinkRecord } from '../domain/app-links.js';

/** Who has a public face (invites/domain/inviters.ts): the invites slice answers it. */
export interface InviterLookup {
  publicInviter(inviterId: string): Promise<UserRecord | null>;
}

export interface AppLinkLinks {
  /** Made on first use. */
  ensureOwnLink(input: { inviterId: string; target: string; now: string; newCode: () => string }): Promise<string>;
  /** A new code for her, which her owner record then names: the old one stops resolving. */
  renewOwnLink(input: { inviterId: string; target: string; now: string; newCode: () => string }): Promise<string>;
  /** Reads only. */
  findOwnLink(inviterId: string, target: string): Promise<string | null>;
  findByCode(code: string): Promise<AppLinkRecord | null>;
  /** The one link of hers that resolves is the one her owner record names. */
  namesCode(inviterId: string, code: string): Promise<boolean>;
  countOpen(code: string, visitor: Visitor, source: OpenSource, now: string): Promise<void>;
}
