/** The functions' manifest's row (functions.ts joins them) of the invite cards: each card's image. */
import type { FunctionRow } from './function-row.js';
import { INVITE_CARD_PREFIX } from './invite-card.js';

export const inviteCardRows = {
  inviteCard: {
    trigger: 'http',
    maxInstances: 10,
    why: "the first fetch of each card, by a link preview's crawler or a chat app; the CDN keeps every card a year",
    hosting: [`${INVITE_CARD_PREFIX}**`],
  },
} as const satisfies Record<string, FunctionRow>;
