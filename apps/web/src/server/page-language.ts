/**
 * The language of a page drawn on the server, for every page alike (the app's pages and a short
 * link's): the one its address asks for when offered (`?lg=`, or the invitation's path), else the
 * first offered language the browser accepts (Accept-Language, q-values respected), else English.
 * Server-only: the browser's own pages read `navigator.languages` instead (lib/i18n.ts).
 */
import Negotiator from 'negotiator';
import type { RuntimeConfig } from '@/config/runtime-config';
import { DEFAULT_LANGUAGE, isOffered, preferredOffered } from '@/lib/i18n';

/** An Accept-Language header's languages, most wanted first (`q=0` ones left out). */
function acceptedLanguages(header: string | undefined): string[] {
  return header ? new Negotiator({ headers: { 'accept-language': header } }).languages() : [];
}

export interface PageLanguageChoice {
  language: string;
  /** Chosen from Accept-Language (the address named no offered language): the answer varies by it. */
  negotiated: boolean;
}

export function choosePageLanguage(
  config: Pick<RuntimeConfig, 'portalLanguages'>,
  wanted: string | undefined,
  acceptLanguage: string | undefined,
): PageLanguageChoice {
  if (isOffered(config, wanted)) return { language: wanted, negotiated: false };
  return {
    language: preferredOffered(config, acceptedLanguages(acceptLanguage)) ?? DEFAULT_LANGUAGE,
    negotiated: true,
  };
}
