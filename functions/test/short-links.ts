/** Test support of the short links, shared by their unit and stack tests. */
import { localFunctionParams } from '@dayfocus/stack/function-params';
import type { LinkPageRenderer } from '@dayfocus/contracts/link-page';
import { inviterRecord } from '@dayfocus/stack/fixtures';
import type { Firestore } from 'firebase-admin/firestore';
import { linkTargetFor } from '../src/short-links/domain/app-links.js';
import { parseLinkSettings } from '../src/platform/domain/link-settings.js';
import { AppLinkFlow } from '../src/short-links/flows/app-link-flow.js';
import type { AppLinkLinks } from '../src/short-links/flows/ports.js';
import type { Logger } from '../src/platform/flows/ports.js';
import { memoryLogger } from './memory-logger.js';
import {
  OPEN_SHARDS_COLLECTION,
  OPEN_SOURCES,
  sumOpenShards,
  type OpenCounts,
  type OpenShard,
  type OpenSource,
} from '../src/short-links/domain/open-count.js';

/** The opens by source of a link that has none, written out as the documented field names. */
export const noSources = {
  direct: 0,
  whatsapp: 0,
  sms: 0,
  telegram: 0,
  instagram: 0,
  facebook: 0,
  email: 0,
  qr: 0,
  copy: 0,
  other: 0,
};

/** A stand-in for the web app's renderer where only what the flow decides matters: the page is its input as JSON. */
export const fakeLinkPageRenderer: LinkPageRenderer = {
  // The web's rule is tested on the web's side (apps/web/src/server/page-language.test.ts); here the asked one or English.
  pageLanguage: (request) => request.queryLanguage ?? 'en',
  renderLinkPage: async (input) => ({
    status: input.content.kind === 'invite' ? 200 : 404,
    html: JSON.stringify(input),
    language: input.language,
  }),
};

export const fakeLinkCode = 'AbCdEf12_-';
/** The link settings the functions read on the local stack. */
export const localLinkSettings = parseLinkSettings(localFunctionParams, { deployed: false });

/**
 * The short-link flow in-process, for visits: its store knows the one link `fakeLinkCode` of
 * inviter-1, who has a public face, and counts opens with `countOpen`.
 */
export function visitFlow(options: {
  countOpen: AppLinkLinks['countOpen'];
  now: Date;
  randomBytes: (size: number) => Uint8Array;
  logger?: Logger;
}) {
  const unexpected = () => Promise.reject(new Error('not used by a visit'));
  const target = linkTargetFor(localLinkSettings, 'inviter-1');
  const at = options.now.toISOString();
  const links: AppLinkLinks = {
    ensureOwnLink: unexpected,
    renewOwnLink: unexpected,
    findOwnLink: unexpected,
    findByCode: async (wanted) =>
      wanted === fakeLinkCode
        ? { code: fakeLinkCode, inviterId: 'inviter-1', target, createdAt: at, updatedAt: at }
        : null,
    namesCode: async (inviterId, code) => inviterId === 'inviter-1' && code === fakeLinkCode,
    renewedAt: async () => undefined,
    countOpen: options.countOpen,
  };
  const inviters = {
    publicInviter: async (inviterId: string) =>
      inviterId === 'inviter-1' ? inviterRecord({ userId: inviterId }) : null,
    card: async (inviterId: string) =>
      inviterId === 'inviter-1' ? { inviterId, name: 'Asha Verma', photoUrl: null } : null,
  };
  return new AppLinkFlow({
    inviters,
    keptInviters: inviters,
    renderer: () => fakeLinkPageRenderer,
    links,
    spokenCodes: { codeOfSpoken: unexpected },
    spokenTries: { take: unexpected },
    logger: options.logger ?? memoryLogger(),
    settings: () => localLinkSettings,
    randomBytes: options.randomBytes,
    now: () => options.now,
  });
}

/** The opens of one link by platform and by source, every source present. */
export interface LinkOpenCounts extends OpenCounts {
  /** Opens counted before sources were are in `opens` and `opensBy` but in no source. */
  sources: Record<OpenSource, number>;
}

/** The totals of sumOpenShards with the opens by source beside them. */
export function sumLinkOpens(shards: Iterable<OpenShard | undefined>): LinkOpenCounts {
  const all = [...shards];
  const sources = Object.fromEntries(OPEN_SOURCES.map((source) => [source, 0])) as Record<OpenSource, number>;
  for (const shard of all) for (const source of OPEN_SOURCES) sources[source] += shard?.sources?.[source] ?? 0;
  return { ...sumOpenShards(all), sources };
}

/** The opens of the link `code` as stored: the sum over its shards `_appLinks/{code}/openShards/*`. */
export async function openCountsOf(db: Firestore, code: string): Promise<LinkOpenCounts> {
  const shards = await db.collection('_appLinks').doc(code).collection(OPEN_SHARDS_COLLECTION).get();
  return sumLinkOpens(shards.docs.map((doc) => doc.data() as OpenShard));
}
