/**
 * `GET /card/{inviterId}/{language}/{version}.jpg`: an inviter's invite card, drawn the first time
 * its address is asked for, stored, and answered with a cache rule of a year: the address changes
 * whenever what the card shows does (@dayfocus/contracts/invite-card). docs/invite-card.md.
 *
 * Only an inviter who has a page gets a card, and only at her card's current address: any other
 * address is answered from the same kept read an unknown inviter's page costs, and draws nothing.
 * A card that could not show her picture is answered but neither stored nor kept long.
 */
import {
  INVITE_CARD_CACHE_CONTROL,
  INVITE_CARD_IMAGE,
  INVITE_CARD_STAND_IN_CACHE_CONTROL,
  inviteCardAsked,
  inviteCardPath,
} from '@dayfocus/contracts/invite-card';
import { CANONICAL_REDIRECT_CACHE_CONTROL, UNKNOWN_INVITER_CACHE_CONTROL } from '@dayfocus/contracts/web-page';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { methodNotAllowed, type HttpAnswer } from '../../platform/domain/http-answer.js';
import type { CardFlowDeps } from './ports.js';

/** How long a moved card's address points at its current one: as long as a page names it. */
const MOVED_CACHE_CONTROL = 'public, max-age=300, s-maxage=300';

/** A card, and its write to the store (settled, never rejected: a failure is logged). */
interface Card {
  jpeg: Uint8Array;
  storing: Promise<void>;
  /** Shows all she shows: her picture, or her initials where she has none. */
  whole: boolean;
}

export class CardFlow {
  /** The cards being drawn in this instance: a burst of crawlers asking for one card draws it once. */
  private readonly drawing = new Map<string, Promise<Card>>();

  constructor(private readonly deps: CardFlowDeps) {}

  async answer(method: string, rawUrl: string): Promise<HttpAnswer> {
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed('GET, HEAD');
    const path = new URL(rawUrl, 'http://localhost').pathname;
    const asked = inviteCardAsked(path);
    if (!asked) return noCard();
    // Hosting's CDN keys its copies on the whole URL: `?x=random` would reach the function each
    // time. As the pages do, it goes to the card's own address, reading and drawing nothing.
    const query = rawUrl.indexOf('?');
    if (query !== -1) {
      const location = rawUrl.slice(0, query);
      return { status: 301, headers: { location, 'cache-control': CANONICAL_REDIRECT_CACHE_CONTROL }, body: '' };
    }
    if (!this.deps.languages().includes(asked.language)) return noCard();
    const inviter = await this.deps.findInviter(asked.inviterId, rawUrl);
    if (!inviter) return noCard();
    const current = inviteCardPath(inviter, asked.language);
    // A card she no longer shows (a changed name or picture): her card of today.
    if (current !== path)
      return { status: 302, headers: { location: current, 'cache-control': MOVED_CACHE_CONTROL }, body: '' };
    const { jpeg, storing, whole } = await this.cardOf(inviter, asked.language, current);
    return {
      status: 200,
      headers: {
        'content-type': INVITE_CARD_IMAGE.type,
        'cache-control': whole ? INVITE_CARD_CACHE_CONTROL : INVITE_CARD_STAND_IN_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      },
      body: '',
      bytes: jpeg,
      // Stored after the answer: the crawler that asked first does not wait for the write.
      pending: storing,
    };
  }

  private cardOf(inviter: InviterCard, language: string, path: string): Promise<Card> {
    let card = this.drawing.get(path);
    if (!card) {
      card = this.storedOrDrawn(inviter, language, path).finally(() => this.drawing.delete(path));
      this.drawing.set(path, card);
    }
    return card;
  }

  private async storedOrDrawn(inviter: InviterCard, language: string, path: string): Promise<Card> {
    const key = path.slice(1);
    const stored = await this.deps.store.read(key).catch((error: unknown) => {
      this.deps.logger.warn('A stored invite card could not be read; drawing it', { key, error: String(error) });
      return null;
    });
    if (stored) return { jpeg: stored, storing: Promise.resolve(), whole: true };
    const picture = inviter.photoUrl ? await this.deps.pictureBytes(inviter.photoUrl) : undefined;
    const { jpeg, showsPicture } = await this.deps.draw({ name: inviter.name, language, picture });
    // Her initials in place of her picture: stored, the stand-in would be her card for a year.
    if (inviter.photoUrl && !showsPicture) return { jpeg, storing: Promise.resolve(), whole: false };
    // A card that could not be stored is drawn again by the next instance: it is still answered.
    const storing = this.deps.store
      .write(key, jpeg, { inviterId: inviter.inviterId, language })
      .catch((error: unknown) => {
        this.deps.logger.warn('An invite card could not be stored', { key, error: String(error) });
      });
    return { jpeg, storing, whole: true };
  }

  /** Her account is gone: so are her stored cards (the CDN's copies expire on their own). */
  async removeCards(inviterId: string): Promise<void> {
    const removed = await this.deps.store.removeAll(inviterId);
    this.deps.logger.info("A deleted account's invite cards removed", { inviterId, removed });
  }
}

/** No card at this address: cached as an unknown inviter's page is. */
function noCard(): HttpAnswer {
  return {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': UNKNOWN_INVITER_CACHE_CONTROL },
    body: 'No invite card here',
  };
}
