/**
 * The functions' params on the local stack. A deployed function takes its params from
 * `functions/.env.{projectId}`; the Functions emulator also reads `functions/.env.local`, which a
 * deploy never reads. The functions' code holds no local value (a setting without one is an
 * error there: functions/src/platform/domain/link-settings.ts), so the stack writes its own into
 * `.env.local` before it starts the emulators: each one the file lacks, a value a person set
 * there kept. The tests that build link settings without the emulator take the same values.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamWithoutDefault } from '@dayfocus/contracts/function-params';
import { repoRoot, urls } from './config.js';

/**
 * The local stack's value of each param that has no default fit for every project: exactly those
 * of the params' table (@dayfocus/contracts/function-params), or this does not compile.
 */
export const localFunctionParams = {
  PRODUCT_DOMAIN: urls.hosting,
  LINK_ORIGIN: urls.hosting,
  PRODUCT_IMAGE_URL: `${urls.hosting}/images/dayfocus-preview.png`,
  APPLE_TEAM_ID: 'LOCALTEAM0',
  ANDROID_CERT_SHA256: Array.from({ length: 32 }, () => '00').join(':'),
  /** The Auth emulator takes any key. */
  WEB_API_KEY: 'local-placeholder-api-key',
} as const satisfies Record<ParamWithoutDefault, string>;

/** The Functions emulator's own env file. */
const localEnvFile = join(repoRoot, 'functions', '.env.local');

/** The keys a dotenv text sets (`KEY=value` or `export KEY=value` lines). */
function keysOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((match) => match[1] ?? ''));
}

/**
 * Adds to `functions/.env.local` (made when missing) each local param it does not set yet, and
 * answers their names; what the file sets already stays as it is.
 */
export function writeLocalFunctionParams(file = localEnvFile): string[] {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const set = keysOf(before);
  const missing = Object.entries(localFunctionParams).filter(([key]) => !set.has(key));
  if (missing.length === 0) return [];
  const lines = missing.map(([key, value]) => `${key}=${value}\n`).join('');
  writeFileSync(file, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${lines}`);
  return missing.map(([key]) => key);
}
