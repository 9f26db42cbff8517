/**
 * What a deploy must not carry: a setting that switches the functions into their emulator
 * behaviour. `FUNCTIONS_EMULATOR=true` in a deployed `functions/.env*` would deploy the
 * local-only `dev*` callables and accept the local App Check stand-in's tokens; an
 * `…_EMULATOR_HOST` would point the Admin SDK at a machine that is not there. Only
 * `.env.local` is the emulator's own file (firebase deploy never reads it).
 */

/** Names the emulators set or read: FUNCTIONS_EMULATOR, FIRESTORE_EMULATOR_HOST, FIREBASE_EMULATOR_HUB, … */
const EMULATOR_SETTING = /(^|_)EMULATOR(_|$)/;

/** The keys a dotenv text sets (`KEY=value`, `export KEY=value`; comments and blank lines ignored). */
export function dotenvKeys(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined);
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
