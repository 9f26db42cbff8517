/**
 * The inviter as the public sees her: whether she has a public face at all (domain/inviters.ts),
 * and her card (name and picture) for the pages, getInviter and resolveAppLink. Each answer reads
 * her record and asks Auth about her account side by side, and cleans her name again whatever
 * wrote it (docs/invitation-page.md, "Who has a page, and what it shows").
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import { cleanDisplayName } from '@dayfocus/contracts/names';
import type { UserRecord } from '@dayfocus/contracts/records';
import { invitationClosure } from '@dayfocus/contracts/invite-controls';
import { doorClosure, doorOf } from '../domain/link-door.js';
import { FlowError } from '../../platform/domain/errors.js';
import { isPublicInviter, type AccountState } from '../domain/inviters.js';
import type { AccountLookup, Doors, InviteControls, UserReader } from './ports.js';
import type { InviterLookup } from '../../short-links/flows/ports.js';
import type { Logger } from '../../platform/flows/ports.js';

export interface InviterFlowDeps {
  users: UserReader;
  /** The Auth service, with a time limit of its own (wiring.ts). */
  accounts: Pick<AccountLookup, 'getAccount'>;
  /** The picture's address for a browser, or null; `ownerId` is the user whose record names it. */
  resolvePicture(profileImage: unknown, ownerId: string): Promise<string | null>;
  /** Her levers, read beside her record: her invitation's card says when it is closed. */
  controls: Pick<InviteControls, 'read'>;
  /** Her owner record and a named link: what her invitation page says when reached through one. */
  doors: Doors;
  logger: Logger;
  now(): Date;
}

export class InviterFlow implements InviterLookup {
  constructor(private readonly deps: InviterFlowDeps) {}

  async publicInviter(inviterId: string): Promise<UserRecord | null> {
    const [user, account] = await Promise.all([this.deps.users.getUser(inviterId), this.accountOf(inviterId)]);
    return isPublicInviter(user, account) ? user : null;
  }

  async card(inviterId: string): Promise<InviterCard | null> {
    const inviter = await this.publicInviter(inviterId);
    if (!inviter) return null;
    return {
      inviterId,
      name: cleanDisplayName(inviter.name),
      photoUrl: await this.deps.resolvePicture(inviter.profileImage, inviterId),
    };
  }

  /**
   * Her card as her invitation shows it (getInviter, the pages): with `invitationClosed` while her
   * levers close it, so that the page offers the app stores instead of a sign-up.
   */
  async invitationCard(inviterId: string): Promise<InviterCard | null> {
    const state = this.deps.controls.read(inviterId);
    state.catch(() => undefined); // awaited below; never an unhandled rejection
    const card = await this.card(inviterId);
    if (!card) return null;
    const { controls, joins } = await state;
    return invitationClosure(controls, this.deps.now(), joins) ? { ...card, invitationClosed: true } : card;
  }

  /**
   * Her card as the invitation page reached through `link` shows it (domain/link-door.ts): through
   * a link of hers for one chat, closed by that link's levers and her pause; after she replaced her
   * link, `invitationReplaced` for an address without a link she has.
   */
  async withDoor(card: InviterCard | null, link: string | undefined): Promise<InviterCard | null> {
    if (!card) return null;
    const door = doorOf(card.inviterId, link, await this.deps.doors.readDoor(card.inviterId, link));
    if (door.kind === 'replaced') return { ...card, invitationReplaced: true };
    // Her invitation's door: the card says already what her levers say (invitationCard).
    if (door.kind === 'invitation') return card;
    const [invitation, linkJoins] = await Promise.all([
      this.deps.controls.read(card.inviterId),
      this.deps.doors.joinsUnderLimit(door.link),
    ]);
    const { invitationClosed: _herInvitation, ...open } = card;
    return doorClosure(door, invitation, this.deps.now(), linkJoins) ? { ...open, invitationClosed: true } : open;
  }

  /** `not-found` alike for an unknown, retired, switched-off or disabled inviter. */
  async getInviter(inviterId: string, link?: string): Promise<InviterCard> {
    const card = await this.withDoor(await this.invitationCard(inviterId), link);
    if (!card) throw new FlowError('not-found', 'No inviter with this id');
    return card;
  }

  /**
   * What Auth says of the account, or null when it cannot say (an error, or no answer in time):
   * a page is public information, so Auth's trouble does not take it down; the record decides.
   * Nothing is written on this answer's say: joining is decided by the join side.
   */
  private async accountOf(inviterId: string): Promise<AccountState | null> {
    try {
      return await this.deps.accounts.getAccount(inviterId);
    } catch (error) {
      this.deps.logger.warn("Auth could not say whether an inviter's account is disabled; her record decides", {
        inviterId,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }
}
