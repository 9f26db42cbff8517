/**
 * Her invite links, one per chat (docs/inviter-view.md, "Her links"): each with a name, a limit, an
 * expiry, a code she can say, and its own numbers; her own link (the one her invitation always
 * had) is one of them. The rule that says whether a link takes a friend now is here, beside her
 * invitation's (invite-controls.ts), so that the join and her list never disagree.
 */
import { isLinkCode } from './ids.js';
import { invitationClosure, type InvitationClosure, type InviteControlsRecord } from './invite-controls.js';
import type { InvitationCounts } from './inviter-view-functions.js';

/**
 * The invitation page's (and the sign-up calls') query parameter that names the link a person came
 * through: the short link's "Continue on the web" adds it, the page keeps it for the tab, and each
 * sign-up sends it, so that a link's pages admit people after her uid alone no longer does.
 */
export const INVITE_LINK_PARAM = 'link';

/** The link an address names in its query (INVITE_LINK_PARAM), when it is shaped as a link's code. */
export function inviteLinkOf(rawUrl: string): string | undefined {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1).split('#')[0] : '';
  const pair = (query ?? '').split('&').find((part) => part.startsWith(`${INVITE_LINK_PARAM}=`));
  const value = pair?.slice(INVITE_LINK_PARAM.length + 1);
  // A link's code is of URL-safe characters: anything escaped is not one.
  return value && isLinkCode(value) ? value : undefined;
}

/** The links she may have open at once, her own not counted: far beyond her chats, and a bound on a list. */
export const MAX_LIVE_INVITE_LINKS = 50;

/** Why a link takes no friend now: her invitation's reasons, or the link retired. */
export type InviteLinkClosure = InvitationClosure | 'retired';

/** The levers a link of hers keeps on its record (`_appLinks/{code}`), beside the link itself. */
export interface InviteLinkLevers {
  /** `chat`: a link made by `createInviteLink`; absent on her own link. */
  kind?: 'chat';
  name?: string;
  /** The code she can say, canonical (spoken-codes.ts). */
  spokenCode?: string;
  /** Every join through it waits for her approval. */
  approval?: boolean;
  maxJoins?: number;
  /** When `maxJoins` was last set: the generation of the link's limit shards (as her invitation's). */
  limitSetAt?: string;
  expiresAt?: string;
  /** When she retired it: it admits nobody and its page names no one. */
  retiredAt?: string;
}

/** What a join reads of a link: who it is for and its levers. */
export type LinkLeversRecord = InviteLinkLevers & { code: string; inviterId: string; updatedAt: string };

/** A chat link's levers as her invitation's are kept, so that one gate decides both (invite-limits.ts). */
export function linkControls(inviterId: string, link: InviteLinkLevers & { updatedAt: string }): InviteControlsRecord {
  return {
    inviterId,
    paused: false,
    ...(link.maxJoins !== undefined ? { maxJoins: link.maxJoins } : {}),
    ...(link.limitSetAt !== undefined ? { limitSetAt: link.limitSetAt } : {}),
    ...(link.expiresAt !== undefined ? { expiresAt: link.expiresAt } : {}),
    updatedAt: link.updatedAt,
  };
}

/**
 * Why a chat link takes no friend now, or null: retired, her whole invitation paused (her pause
 * holds every link), its own expiry, or its limit (`joins` as known).
 */
export function linkClosure(
  link: InviteLinkLevers & { updatedAt: string },
  invitation: InviteControlsRecord | undefined,
  now: Date,
  joins?: number,
): InviteLinkClosure | null {
  if (link.retiredAt) return 'retired';
  if (invitation?.paused) return 'paused';
  return invitationClosure(linkControls(invitation?.inviterId ?? '', link), now, joins);
}

/** `createInviteLink`'s answer. */
export interface CreatedInviteLink {
  code: string;
  /** Her short link of it: `{LINK_ORIGIN}/l/{code}`. */
  url: string;
  /** Grouped, as she says it: `K7QX-4M2P`. */
  spokenCode: string;
}

/** One of her links as `myInviteLinks`, `updateInviteLink` and `retireInviteLink` answer it. */
export interface InviteLink extends CreatedInviteLink {
  /** Null for her own link. */
  name: string | null;
  /** Her own link: the one her invitation always had (renewInviteLink replaces it). */
  own: boolean;
  approval: boolean;
  maxJoins: number | null;
  joinsSinceLimit: number | null;
  expiresAt: string | null;
  closed: InviteLinkClosure | null;
  createdAt: string;
  /** Since the link was made (her own link: since links had numbers of their own). */
  numbers: InvitationCounts;
}

export interface MyInviteLinks {
  /** Her own link first, then the others newest first; retired links are not listed. */
  links: InviteLink[];
}

/** The refusal's details (`failed-precondition`) of a new link beyond MAX_LIVE_INVITE_LINKS. */
export const TOO_MANY_LINKS_DETAILS = { links: 'too-many' } as const;
