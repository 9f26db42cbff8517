/** The pictures of the pages' link previews (docs/invite-card.md). */
import { httpFunction } from '../platform/functions/http-function.js';
import { cardFlow } from '../composition/wiring/invite-cards.js';

export const inviteCard = httpFunction('inviteCard', (request) => cardFlow.answer(request.method, request.rawUrl), {
  // Skia and its fonts take about 180 MB; a whole CPU draws a card in tens of milliseconds.
  cpu: 1,
  memory: '512MiB',
});
