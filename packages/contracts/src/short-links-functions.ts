/**
 * The functions' manifest's rows (functions.ts joins them) of the short links: the link's own
 * opening, the phones' association files, and the calls that make and redeem a link.
 */
import type { AppLinkAnswer, InviterCard, ResolvedAppLink } from './answers.js';
import { answer } from './function-answer.js';
import type { FunctionRow } from './function-row.js';

export const shortLinkRows = {
  openAppLink: {
    trigger: 'http',
    maxInstances: 30,
    why: 'every open of a short link: what a viral link or a crawler storm hits',
    hosting: ['/l/**'],
  },
  appSiteAssociation: {
    trigger: 'http',
    maxInstances: 5,
    why: "fetched now and then by the phones' OS, cached by Hosting",
    hosting: ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json'],
  },
  createAppLink: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'once per visitor who taps "I already have an account"',
    caller: 'web',
    // `link`: the link whose page this is, when it came through one (INVITE_LINK_PARAM).
    request: (fields) => fields.object({ inviterId: fields.userId(), link: fields.inviteLink() }),
    answer: answer<AppLinkAnswer>(),
  },
  resolveAppLink: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, once per invite it picks up, before sign-in',
    caller: 'app',
    request: (fields) => fields.object({ code: fields.inviteCode() }),
    answer: answer<ResolvedAppLink>(),
  },
  acceptInvite: {
    trigger: 'callable',
    maxInstances: 10,
    why: 'the app, once per acceptance ("Add Asha as a friend?")',
    caller: 'app',
    replayProtected: true,
    request: (fields) => fields.object({ code: fields.inviteCode() }),
    // `joinRequested`: through a link that asks her first, she decides; no friendship yet.
    answer: answer<{ inviter: InviterCard; joinRequested?: true }>(),
  },
} as const satisfies Record<string, FunctionRow>;
