/**
 * The functions' params on the local stack. A deployed function takes its params from
 * `functions/.env.{projectId}`; the Functions emulator also reads `functions/.env.local`, which a
 * deploy never reads. The functions' code holds no local value (a setting without one is an
 * error there: functions/src/platform/domain/link-settings.ts), so the stack writes its own into
 * `.env.local` before it starts the emulators: each one the file lacks, a value a person set
 * there kept. The tests that build link settings without the emulator take the same values.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionParamName, ParamWithoutDefault } from '@dayfocus/contracts/function-params';
import { LOCAL_IDENTITY_PROVIDER_PATH } from '@dayfocus/contracts/provider-return';
import type { FunctionSecretName } from '@dayfocus/contracts/function-secrets';
import { LOCAL_WEB_APP_ID } from './app-check.js';
import { repoRoot, slotZeroProjectId, stack, urls } from './config.js';

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
  /** The web app of apps/web/public/config.json, the one the App Check fallback attests. */
  WEB_APP_ID: LOCAL_WEB_APP_ID,
  // The providers' own pages cannot be reached from here: the server's sign-in starts go to the
  // stack's stand-in provider (functions/src/local/dev-identity-provider.ts), which the Auth
  // emulator believes as it believes its own widget.
  GOOGLE_WEB_CLIENT_ID: 'local-google-client.apps.googleusercontent.com',
  APPLE_SERVICES_ID: 'local.dayfocus.web',
  GOOGLE_AUTHORIZE_URL: `${urls.hosting}${LOCAL_IDENTITY_PROVIDER_PATH}/google.com`,
  APPLE_AUTHORIZE_URL: `${urls.hosting}${LOCAL_IDENTITY_PROVIDER_PATH}/apple.com`,
} as const satisfies Record<ParamWithoutDefault, string> & Partial<Record<FunctionParamName, string>>;

/**
 * The local stack's value of each secret (@dayfocus/contracts/function-secrets), which the
 * Functions emulator reads from `functions/.secret.local`: fixed, so that the stack's tests may
 * compute what the functions do; a deployment's are its own (docs/deploying.md).
 */
export const localFunctionSecrets = {
  MAIL_CODE_KEY: Buffer.from("dayfocus local stack: the mail codes' key, never a deployment's").toString('base64'),
} as const satisfies Record<FunctionSecretName, string>;

/** The Functions emulator's own env file, and its secrets' file, in the stack's slot's folder (config.ts). */
const configDir = join(repoRoot, stack.functionsConfigDir);
export const localEnvFile = join(configDir, '.env.local');
const localSecretFile = join(configDir, '.secret.local');

/**
 * On a slot other than 0 (config.ts), the slot's folder of env files made afresh from functions/:
 * its `.env`, the project's `.env.{project}` (named for the slot's project), `.secret.local`, and
 * `.env.local` without the values the stack writes (the slot's own go in next), a person's others kept.
 */
export function prepareSlotConfigDir(): void {
  if (stack.slot === 0) return;
  const from = (name: string) => join(repoRoot, 'functions', name);
  rmSync(configDir, { recursive: true, force: true });
  mkdirSync(configDir, { recursive: true });
  const copies: [string, string][] = [
    ['.env', '.env'],
    [`.env.${slotZeroProjectId}`, `.env.${stack.projectId}`],
    ['.secret.local', '.secret.local'],
  ];
  for (const [source, target] of copies)
    if (existsSync(from(source))) copyFileSync(from(source), join(configDir, target));
  if (!existsSync(from('.env.local'))) return;
  const ours = new Set(Object.keys(localFunctionParams));
  const kept = readFileSync(from('.env.local'), 'utf8')
    .split('\n')
    .filter((line) => ![...keysOf(line)].some((key) => ours.has(key)));
  writeFileSync(localEnvFile, kept.join('\n'));
}

/** The keys a dotenv text sets (`KEY=value` or `export KEY=value` lines). */
function keysOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((match) => match[1] ?? ''));
}

/**
 * Adds to `functions/.env.local` (made when missing) each local param it does not set yet, and
 * answers their names; what the file sets already stays as it is.
 */
export function writeLocalFunctionParams(file = localEnvFile): string[] {
  return addMissing(file, localFunctionParams);
}

/** Likewise, the local secrets to `functions/.secret.local`. */
export function writeLocalFunctionSecrets(file = localSecretFile): string[] {
  return addMissing(file, localFunctionSecrets);
}

function addMissing(file: string, values: Record<string, string>): string[] {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const set = keysOf(before);
  const missing = Object.entries(values).filter(([key]) => !set.has(key));
  if (missing.length === 0) return [];
  const lines = missing.map(([key, value]) => `${key}=${value}\n`).join('');
  writeFileSync(file, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${lines}`);
  return missing.map(([key]) => key);
}
