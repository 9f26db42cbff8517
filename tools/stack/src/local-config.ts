/**
 * The firebase.json the local stack serves: the deployed one, with the Content-Security-Policy
 * of the pages opened to the Auth emulator (the web app talks to it and frames its helper
 * page, where production uses Google's servers and its own domain) and without
 * `upgrade-insecure-requests` (the stack is plain http on 127.0.0.1). Everything else, every
 * other header included, is the deployed configuration; the production policy never names a
 * local origin.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_IDENTITY_PROVIDER_PATH } from '@dayfocus/contracts/provider-return';
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';
import { localPolicy } from '@dayfocus/contracts/security-headers';
import { repoRoot, stack, urls } from './config.js';

/** Where the local stack's Hosting serves the trivial function (devTrivialHttp) the short-link bench compares with. */
export const LOCAL_BASELINE_PATH = '/dev/trivial';

type HeaderRule = { source: string; headers: { key: string; value: string }[] };

export function localFirebaseJson(firebaseJson: unknown, origins: string[]): unknown {
  const copy = structuredClone(firebaseJson) as {
    hosting?: { headers?: HeaderRule[]; rewrites?: unknown[] };
    functions?: { source: string; predeploy?: string[] }[];
  };
  // The emulator serves the workspace's functions (lib/, rebuilt by `pnpm run build`), not the
  // packed deploy folder (functions/scripts/pack-deploy.mjs), which only a deploy makes.
  for (const codebase of copy.functions ?? []) {
    codebase.source = 'functions';
    delete codebase.predeploy;
  }
  // The short-link benchmark's baseline: an emulator-only function behind a rewrite like `/l/**`;
  // then the App Check stand-in's tokens, which the web app asks for on its own origin.
  copy.hosting?.rewrites?.unshift(
    { source: LOCAL_BASELINE_PATH, function: { functionId: 'devTrivialHttp', region: stack.region } },
    { source: LOCAL_APP_CHECK_TOKEN_PATH, function: { functionId: 'devAppCheckToken', region: stack.region } },
    // The stand-in for the providers' sign-in pages (functions/src/local/dev-identity-provider.ts).
    {
      source: `${LOCAL_IDENTITY_PROVIDER_PATH}/**`,
      function: { functionId: 'devIdentityProvider', region: stack.region },
    },
  );
  for (const rule of copy.hosting?.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() === 'content-security-policy') header.value = localPolicy(header.value, origins);
    }
  }
  return copy;
}

/**
 * The local configuration for the stack's slot (config.ts): on a slot other than 0, every
 * emulator's port the slot's, and the functions' env files read from the slot's own folder.
 */
export function slotFirebaseJson(local: unknown): unknown {
  if (stack.slot === 0) return local;
  const copy = structuredClone(local) as {
    emulators?: Record<string, { port?: number }>;
    functions?: { configDir?: string }[];
  };
  for (const emulator of Object.values(copy.emulators ?? {}))
    if (typeof emulator.port === 'number') emulator.port = stack.slotted(emulator.port);
  for (const codebase of copy.functions ?? []) codebase.configDir = stack.functionsConfigDir;
  return copy;
}

/**
 * Writes `firebase.local.json` (`firebase.local-{slot}.json` on another slot; git-ignored) beside
 * firebase.json, whose folder firebase-tools resolves every path from, and answers its name.
 */
export function writeLocalFirebaseJson(firebaseJson: unknown): string {
  const name = `${stack.slotName('firebase.local')}.json`;
  const local = slotFirebaseJson(localFirebaseJson(firebaseJson, [urls.auth]));
  writeFileSync(join(repoRoot, name), `${JSON.stringify(local, null, 2)}\n`);
  return name;
}
