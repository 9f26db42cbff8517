/**
 * What the card's flow needs of the world: the inviter as the pages see her, her picture's bytes,
 * a drawer, and a store of the cards drawn. composition/wiring.ts builds the real ones.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { Logger } from '../../platform/flows/ports.js';

/** What a card shows, as the drawer takes it. */
export interface CardDrawing {
  name: string;
  language: string;
  /** Her picture's bytes; none gives her initials. */
  picture?: Uint8Array | undefined;
}

/** A card as the drawer made it. */
export interface DrawnCard {
  jpeg: Uint8Array;
  /** Whether the picture it was given is on it (false for none, or one it could not or would not decode). */
  showsPicture: boolean;
}

/** The cards drawn, by their address: found by the next instance, which then draws nothing. */
export interface CardStore {
  /** The card's JPEG, or null when none was stored under this key. */
  read(key: string): Promise<Uint8Array | null>;
  write(key: string, jpeg: Uint8Array, about: { inviterId: string; language: string }): Promise<void>;
  /** Every card stored for the inviter; answers how many there were. */
  removeAll(inviterId: string): Promise<number>;
}

export interface CardFlowDeps {
  /** The inviter as her pages show her (the pages' own kept read), or null for one who has no page. */
  findInviter(inviterId: string, rawUrl: string): Promise<InviterCard | null>;
  /** The languages the site switches on. */
  languages(): readonly string[];
  /** Her picture's bytes, or nothing when it cannot be had in time (the card then shows her initials). */
  pictureBytes(photoUrl: string): Promise<Uint8Array | undefined>;
  /** The card as a JPEG. */
  draw(drawing: CardDrawing): Promise<DrawnCard>;
  store: CardStore;
  logger: Logger;
}
