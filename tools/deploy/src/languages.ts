/**
 * The preflight's check of the languages a build switches on (`functions/lib/web/languages.json`,
 * which the web build writes from its configuration and the language files, apps/web/vite.config.ts):
 * a pseudo-locale (en-XA, ar-XB: the local stack's test languages) or a draft awaiting a native
 * speaker's review (docs/languages.md) never reaches the real site, its pushes or its e-mails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeployContext } from './context.js';

export const LANGUAGES = 'functions/lib/web/languages.json';

interface SwitchedOn {
  code: string;
  pseudo: boolean;
  awaitingReview: boolean;
}

export function languagesOutcome({ root }: Pick<DeployContext, 'root'>): {
  problems: string[];
  where: string;
  note?: string;
} {
  const where = LANGUAGES;
  const path = join(root, LANGUAGES);
  const build = 'build with `WEB_CONFIG=path/to/config.json npm run build`';
  if (!existsSync(path)) return { where, problems: [`it is missing: ${build} writes it`] };
  let languages: SwitchedOn[];
  try {
    languages = JSON.parse(readFileSync(path, 'utf8')) as SwitchedOn[];
    if (!Array.isArray(languages) || languages.some((language) => typeof language?.code !== 'string'))
      throw new Error();
  } catch {
    return { where, problems: [`it is not the list a build writes (an older build?): ${build}`] };
  }
  const problems = languages.flatMap(({ code, pseudo, awaitingReview }) => {
    if (pseudo)
      return [`portalLanguages switches on ${code}, a pseudo-locale for the local stack's tests: take it out`];
    if (awaitingReview)
      return [
        `portalLanguages switches on ${code}, a draft awaiting a native speaker's review ` +
          `(packages/contracts/src/locales/${code}.ts, awaitingReview): take it out, or review it first (docs/languages.md)`,
      ];
    return [];
  });
  return { where, problems, note: languages.map((language) => language.code).join(', ') };
}
