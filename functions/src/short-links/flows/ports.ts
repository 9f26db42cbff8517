import type { Visitor } from '@dayfocus/contracts/link-paths';
import type { UserRecord } from '@dayfocus/contracts/records';
import type { InviteControlsRecord } from '@dayfocus/contracts/invite-controls';
import type { LinkLeversRecord } from '@dayfocus/contracts/invite-links';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import type { AppLinkRecord } from '../domain/app-links.js';
import type { OpenSource } from '../domain/open-count.js';
import type { Caller } from '../../platform/domain/caller.js';

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
  /** When she replaced her link (renewInviteLink), or undefined: then her uid alone hands out no link. */
  renewedAt(inviterId: string): Promise<string | undefined>;
  countOpen(code: string, visitor: Visitor, source: OpenSource, now: string): Promise<void>;
}

/** Her links for one chat each (adapters/invite-link-store.ts). */
export interface InviteLinkRecords {
  createChatLink(input: {
    inviterId: string;
    newCode: () => string;
    newSpokenCode: () => string;
    make: (code: string, spokenCode: string) => AppLinkRecord;
  }): Promise<AppLinkRecord>;
  /** Her own link's spoken code, made on first use; null when the code is not her link. */
  ensureSpokenCode(
    code: string,
    inviterId: string,
    newSpokenCode: () => string,
    now: string,
  ): Promise<AppLinkRecord | null>;
  chatLinksOf(inviterId: string): Promise<AppLinkRecord[]>;
  changeChatLink(
    code: string,
    inviterId: string,
    decide: (link: AppLinkRecord) => AppLinkRecord,
  ): Promise<AppLinkRecord>;
  codeOfSpoken(spokenCode: string): Promise<string | null>;
}

/** A link's limit count and numbers (the invites slice keeps them: the joins write them). */
export interface LinkLevers {
  joinsUnderLimit(link: LinkLeversRecord): Promise<number>;
  numbersOf(codes: readonly string[]): Promise<Map<string, InvitationCounts>>;
}

/** Her invitation's levers and the check that the caller may act as an inviter (the invites slice's). */
export interface InvitationLevers {
  inviterOf(caller: Caller): Promise<string>;
  read(inviterId: string): Promise<{ controls: InviteControlsRecord | undefined; joins: number }>;
}

/** The spoken codes one client may look up (adapters/spoken-code-limits.ts): false when it may not now. */
export interface SpokenCodeLimiter {
  take(client: string): Promise<boolean>;
}
