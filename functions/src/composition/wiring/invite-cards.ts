/** The invite cards' wiring (composition/wiring.ts says what the wiring is). */
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { switchedOnLanguages } from '../../platform/adapters/locales.js';
import { environment } from '../environment.js';
import { CardFlow } from '../../invite-cards/flows/card-flow.js';
import { FirestoreCardStore } from '../../invite-cards/adapters/card-store.js';
import { pictureBytes } from '../../invite-cards/adapters/picture-bytes.js';
import { LOCAL_PICTURE_SOURCES, PRODUCTION_PICTURE_SOURCES } from '../../invite-cards/domain/picture-sources.js';
import { pageInviters } from './pages.js';

/**
 * The invite cards. Skia is loaded by the first card an instance draws, never by the other
 * functions, whose cold starts do not carry it.
 */
export const cardFlow = new CardFlow({
  findInviter: (inviterId, rawUrl) => pageInviters.card(inviterId, { rawUrl }),
  languages: switchedOnLanguages,
  // The local stack's pictures are on its own hosts, by plain http: production asks neither.
  pictureBytes: (photoUrl) =>
    pictureBytes(photoUrl, environment().localPictures ? LOCAL_PICTURE_SOURCES : PRODUCTION_PICTURE_SOURCES, logger),
  draw: async (drawing) => {
    const { image, showsPicture } = await (
      await import('../../invite-cards/adapters/card-drawer.js')
    ).drawCard(drawing);
    return { jpeg: image, showsPicture };
  },
  store: new FirestoreCardStore(db),
  logger,
});
