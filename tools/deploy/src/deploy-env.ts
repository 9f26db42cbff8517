/**
 * What a deploy's `functions/.env*` files must and must not carry. firebase-tools reads `.env`
 * and `.env.{projectId}` from the folder firebase.json's `configDir` names (`functions/`), and
 * writes the answers typed at its params prompt to `.env.{projectId}` there.
 *
 * - Never a setting that switches the functions into their emulator behaviour:
 *   `FUNCTIONS_EMULATOR=true` in a deployed file would have firebase-functions skip what it
 *   checks only outside the emulator (a task's caller, for one; the local stack's own code is
 *   not in the deploy package at all); an `…_EMULATOR_HOST` would point the Admin SDK at a
 *   machine that is not there. Only `.env.local` is the emulator's own file (firebase deploy
 *   never reads it).
 * - Every param without a default fit for every project (@dayfocus/contracts/function-params),
 *   set to a real value, never to the local stack's (`deployParamProblems`): an unset one would be
 *   asked for at the deploy's prompt, and a deployed function refuses a missing or local value at
 *   run time, by the same rules (the functions' platform/domain/link-settings.ts and app-check.ts).
 *   What to set is the param's description in that table.
 * - No secret (@dayfocus/contracts/function-secrets): those live in Secret Manager.
 */
import { appCheckEnforcement } from '@dayfocus/functions/platform/domain/app-check';
import {
  REMOVED_LINK_SETTINGS,
  LINK_SETTING_NAMES,
  LinkSettingsError,
  parseLinkSettings,
  type RawLinkSettings,
} from '@dayfocus/functions/platform/domain/link-settings';
import { functionParamRows, type FunctionParamName } from '@dayfocus/contracts/function-params';
import { WEB_APP_ID_PATTERN } from '@dayfocus/contracts/requests';
import { functionSecretRows } from '@dayfocus/contracts/function-secrets';
import { localFunctionParams } from '@dayfocus/stack/function-params';

/** Names the emulators set or read: FUNCTIONS_EMULATOR, FIRESTORE_EMULATOR_HOST, FIREBASE_EMULATOR_HUB, … */
const EMULATOR_SETTING = /(^|_)EMULATOR(_|$)/;

/** One `KEY=value` line of a dotenv text, the value as written (quotes and escapes kept). */
export interface DotenvLine {
  key: string;
  value: string;
  line: string;
}

/** The `KEY=value` lines of a dotenv text (`export KEY=value` too; comments and blank lines ignored). */
export function dotenvLines(text: string): DotenvLine[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    return match?.[1] === undefined ? [] : [{ key: match[1], value: match[2] ?? '', line }];
  });
}

/**
 * What an env file left in the folder the pack step makes anew (`left`) holds beside the one kept
 * in the configDir (`kept`, empty when there is none): the lines whose key the kept file lacks (to
 * be moved there), and those that set a key the kept file sets otherwise (to be decided by hand).
 */
export function leftoverLines(left: string, kept: string): { missing: DotenvLine[]; differing: DotenvLine[] } {
  const keptLines = dotenvLines(kept);
  const keptValue = (key: string) => keptLines.findLast((line) => line.key === key)?.value;
  const lines = dotenvLines(left);
  return {
    missing: lines.filter(({ key }) => keptValue(key) === undefined),
    differing: lines.filter(({ key, value }) => keptValue(key) !== undefined && keptValue(key) !== value),
  };
}

/** The keys a dotenv text sets. */
export function dotenvKeys(text: string): string[] {
  return dotenvLines(text).map(({ key }) => key);
}

/** Every emulator-only setting in the deployable env files, as `file: KEY`; empty when the deploy may go on. */
export function emulatorSettingsInDeploy(files: { name: string; text: string }[]): string[] {
  return files
    .filter(({ name }) => name.startsWith('.env') && name !== '.env.local')
    .flatMap(({ name, text }) =>
      dotenvKeys(text)
        .filter((key) => EMULATOR_SETTING.test(key))
        .map((key) => `${name}: ${key}`),
    );
}

/** A value copied from apps/web/config.example.json or the local stack's files, not a project's. */
const PLACEHOLDER = /^(your-|demo-|local-)/i;

/** The local stack's value of each param it sets (tools/stack/src/function-params.ts). */
const localValues: Record<string, string> = localFunctionParams;

/**
 * What is wrong with a param's value beyond the rules every param shares, or undefined. The web
 * app's App ID: apps/web/config.example.json's `1:000000000000:web:your-app-id`, or any id with the
 * local stack's project number 0, is a placeholder; anything else not of its form names no app.
 */
function shapeProblem(name: FunctionParamName, value: string): string | undefined {
  if (name !== 'WEB_APP_ID') return undefined;
  if (/(^|\W)your-/i.test(value) || /^1:0+:/.test(value)) return `is the placeholder "${value}"`;
  return WEB_APP_ID_PATTERN.test(value) ? undefined : `is "${value}", which is no web app's App ID`;
}

/**
 * What is wrong with the functions' settings a deploy would use (`env`: .env and .env.{projectId}
 * merged, as firebase-tools reads them), each with what to set. Empty when the deploy may go on.
 * Uses the rules the deployed functions apply at run time.
 */
export function deployParamProblems(env: Record<string, string | undefined>): string[] {
  const value = (name: string) => (env[name] ?? '').trim();
  const problems: string[] = [];
  const reported = new Set<string>();
  const report = (name: string, problem: string) => {
    reported.add(name);
    problems.push(problem);
  };
  for (const [name, param] of functionParamRows) {
    const set = `set ${param.description}`;
    if (param.default === undefined && value(name) === '') report(name, `${name} is not set: ${set}`);
    else if (value(name) === '') continue;
    else if (localValues[name] === value(name)) report(name, `${name} is the local stack's "${value(name)}": ${set}`);
    else if (PLACEHOLDER.test(value(name))) report(name, `${name} is the placeholder "${value(name)}": ${set}`);
    else {
      const problem = shapeProblem(name, value(name));
      if (problem) report(name, `${name} ${problem}: ${set}`);
    }
  }
  for (const name of REMOVED_LINK_SETTINGS) {
    if (value(name) !== '')
      problems.push(
        `${name} is set, but the dynamic-links provider is gone (Firebase Dynamic Links shut down on 2025-08-25): ` +
          'remove it; short links are our own /l/{code}',
      );
  }
  const raw = Object.fromEntries(LINK_SETTING_NAMES.map((name) => [name, value(name)])) as RawLinkSettings;
  try {
    parseLinkSettings(raw, { deployed: true });
  } catch (error) {
    if (!(error instanceof LinkSettingsError)) throw error;
    problems.push(...error.problems.filter((problem) => ![...reported].some((name) => problem.startsWith(`${name} `))));
  }
  // A secret in an env file is a secret in the deploy package and the console: Secret Manager's only.
  for (const [name, secret] of functionSecretRows) {
    if (env[name] !== undefined)
      problems.push(
        `${name} is in an env file, but it is a secret: remove it there and run ` +
          `\`firebase functions:secrets:set ${name}\` (set ${secret.description})`,
      );
  }
  try {
    appCheckEnforcement(env.APP_CHECK_ENFORCEMENT);
  } catch (error) {
    problems.push(`${(error as Error).message} (or leave it out)`);
  }
  return problems;
}
