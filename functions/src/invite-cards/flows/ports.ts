import type { InviterCard } from '@dayfocus/contracts/answers';
import type { Logger } from '../../platform/flows/ports.js';

export interface CardDrawing {
  name: string;
  language: string;
  /** Her picture's bytes; none gives her initials. */
  picture?: Uint8Array | undefined;
}

export interface DrawnCard {
  jpeg: Uint8Array;
  /** False for no picture, or one it could not or would not decode. */
  showsPicture: boolean;
}

/** Keyed by address: the next instance finds a card and draws nothing. */
export interface CardStore {
  read(key: string): Promise<Uint8Array | null>;
  write(key: string, jpeg: Uint8Array, about: { inviterId: string; language: string }): Promise<void>;
  /** Answers how many there were. */
  removeAll(inviterId: string): Promise<number>;
}

export interface CardFlowDeps {
  /** The pages' own kept read; null for one who has no page. */
  findInviter(inviterId: string, rawUrl: string): Promise<InviterCard | null>;
  languages(): readonly string[];
  /** Nothing when it cannot be had in time: the card then shows her initials. */
  pictureBytes(photoUrl: string): Promise<Uint8Array | undefined>;
  draw(drawing: CardDrawing): Promise<DrawnCard>;
  store: CardStore;
  logger: Logger;
}
