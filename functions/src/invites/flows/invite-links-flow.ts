/**
 * Her invite links, one per chat, for the mobile app signed in as her (docs/inviter-view.md, "Her
 * links"): make one, list them with their numbers, change one, retire one. Each acts on the
 * caller's own links only: a code of anyone else's is answered as a code nobody has. Her own link
 * (the one her invitation always had) is listed first; its levers stay her invitation's own
 * (pauseInvitations, setInvitationLimits, renewInviteLink).
 */
import type { CreatedInviteLink, InviteLink, MyInviteLinks } from '@dayfocus/contracts/invite-links';
import { groupedSpokenCode, newSpokenCode } from '@dayfocus/contracts/spoken-codes';
import type { Caller } from '../../platform/domain/caller.js';
import type { LinkSettings } from '../../platform/domain/link-settings.js';
import { linkTargetFor, newLinkCode, shortLinkFor, type AppLinkRecord } from '../../short-links/domain/app-links.js';
import { changedLink, inviteLinkOf, newChatLink, type LinkChange } from '../domain/invite-links.js';
import type { AppLinkLinks, InvitationLevers, InviteLinkRecords, LinkLevers } from '../../short-links/flows/ports.js';

export interface InviteLinksFlowDeps {
  records: InviteLinkRecords;
  links: Pick<AppLinkLinks, 'ensureOwnLink'>;
  levers: LinkLevers;
  invitation: InvitationLevers;
  /** Read per call: params are only known at run time. */
  settings: () => LinkSettings;
  randomBytes: (size: number) => Uint8Array;
  now: () => Date;
}

export class InviteLinksFlow {
  constructor(private readonly deps: InviteLinksFlowDeps) {}

  async create(caller: Caller, input: LinkChange & { name: string }): Promise<CreatedInviteLink> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const settings = this.deps.settings();
    const now = this.deps.now();
    const link = await this.deps.records.createChatLink({
      inviterId,
      newCode: () => newLinkCode(this.deps.randomBytes),
      newSpokenCode: () => newSpokenCode(this.deps.randomBytes),
      make: (code, spokenCode) =>
        newChatLink({ code, inviterId, target: linkTargetFor(settings, inviterId), spokenCode }, input, now),
    });
    return {
      code: link.code,
      url: shortLinkFor(settings, link.code),
      spokenCode: groupedSpokenCode(link.spokenCode ?? ''),
    };
  }

  /** Her own link first (made on first use, as createAppLink does), then her open links, newest first. */
  async list(caller: Caller): Promise<MyInviteLinks> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const settings = this.deps.settings();
    const now = this.deps.now();
    const ownCode = await this.deps.links.ensureOwnLink({
      inviterId,
      target: linkTargetFor(settings, inviterId),
      now: now.toISOString(),
      newCode: () => newLinkCode(this.deps.randomBytes),
    });
    const [own, chats, invitation] = await Promise.all([
      this.deps.records.ensureSpokenCode(
        ownCode,
        inviterId,
        () => newSpokenCode(this.deps.randomBytes),
        now.toISOString(),
      ),
      this.deps.records.chatLinksOf(inviterId),
      this.deps.invitation.read(inviterId),
    ]);
    const links = own ? [own, ...chats] : chats;
    const [numbers, joins] = await Promise.all([
      this.deps.levers.numbersOf(links.map((link) => link.code)),
      Promise.all(chats.map((link) => this.deps.levers.joinsUnderLimit(link))),
    ]);
    const answer = (link: AppLinkRecord, isOwn: boolean, joinsUnderLimit: number): InviteLink =>
      inviteLinkOf(
        link,
        {
          own: isOwn,
          url: shortLinkFor(settings, link.code),
          invitation: invitation.controls,
          joinsUnderLimit,
          numbers: numbers.get(link.code) ?? { views: 0, signUps: 0, confirmed: 0, joins: 0 },
        },
        now,
      );
    return {
      links: [
        ...(own ? [answer(own, true, invitation.joins)] : []),
        ...chats.map((link, n) => answer(link, false, joins[n] ?? 0)),
      ],
    };
  }

  async update(caller: Caller, input: LinkChange & { code: string }): Promise<InviteLink> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const now = this.deps.now();
    const { code, ...change } = input;
    const link = await this.deps.records.changeChatLink(code, inviterId, (current) =>
      changedLink(current, change, now),
    );
    return this.answerFor(link, inviterId, now);
  }

  /** For good: it admits nobody and its page names no one; its numbers stay with her. */
  async retire(caller: Caller, code: string): Promise<InviteLink> {
    const inviterId = await this.deps.invitation.inviterOf(caller);
    const now = this.deps.now();
    const link = await this.deps.records.changeChatLink(code, inviterId, (current) => ({
      ...current,
      retiredAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }));
    return this.answerFor(link, inviterId, now);
  }

  private async answerFor(link: AppLinkRecord, inviterId: string, now: Date): Promise<InviteLink> {
    const [invitation, joinsUnderLimit, numbers] = await Promise.all([
      this.deps.invitation.read(inviterId),
      this.deps.levers.joinsUnderLimit(link),
      this.deps.levers.numbersOf([link.code]),
    ]);
    return inviteLinkOf(
      link,
      {
        own: false,
        url: shortLinkFor(this.deps.settings(), link.code),
        invitation: invitation.controls,
        joinsUnderLimit,
        numbers: numbers.get(link.code) ?? { views: 0, signUps: 0, confirmed: 0, joins: 0 },
      },
      now,
    );
  }
}
