/** The ports of the short-link flow: the link store, a link provider's API and the inviters. */
import type { Visitor } from '@dayfocus/contracts/link-paths';
import type { UserRecord } from '@dayfocus/contracts/records';
import type { OpenSource } from '../domain/open-count.js';
import type { AppLinkRecord, ProviderLinkRecord } from '../domain/app-links.js';
import type { LinkProviderKind } from '../../platform/domain/link-settings.js';

/** The short link provider's refusal or failure, as the flow tells it to the caller. */
export class LinkProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LinkProviderError';
  }
}

/**
 * Who has a public face (invites/domain/inviters.ts): the inviter's record when she has one, else
 * null. The invites slice answers it (InviterFlow).
 */
export interface InviterLookup {
  publicInviter(inviterId: string): Promise<UserRecord | null>;
}

export interface ShortLinkProviderClient {
  createShortLink(body: unknown): Promise<string>;
}

/** The link store as the flows use it (AppLinkStore in production). */
export interface AppLinkLinks {
  /** The inviter's own link's code, made (with a fresh code from `newCode`) if they have none. */
  ensureOwnLink(input: { inviterId: string; target: string; now: string; newCode: () => string }): Promise<string>;
  /** The code of the inviter's own link to `target`, if they have one: reads only. */
  findOwnLink(inviterId: string, target: string): Promise<string | null>;
  findProviderLink(inviterId: string, provider: Exclude<LinkProviderKind, 'own'>): Promise<ProviderLinkRecord | null>;
  /** Keeps a provider's link for the inviter; answers the one kept (an earlier one wins a race). */
  keepProviderLink(input: {
    inviterId: string;
    provider: Exclude<LinkProviderKind, 'own'>;
    link: ProviderLinkRecord;
    now: string;
  }): Promise<ProviderLinkRecord>;
  findByCode(code: string): Promise<AppLinkRecord | null>;
  /** Whether the inviter's owner record names this code: the one link of hers that resolves. */
  namesCode(inviterId: string, code: string): Promise<boolean>;
  countOpen(code: string, visitor: Visitor, source: OpenSource, now: string): Promise<void>;
}
