/**
 * The `.env*` files a functions deploy reads, read by firebase-tools' own loader
 * (firebase-tools/lib/functions/env.js, the one `firebase deploy` uses), so that the checks see exactly the values
 * the deploy will: `.env`, `.env.{projectId}` and `.env.{alias}` of the codebase's configDir.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { DeployContext, FunctionsCodebase } from './context.js';
import { envDir } from './context.js';

interface FirebaseToolsEnv {
  loadUserEnvs(options: {
    functionsSource: string;
    configDir?: string;
    projectId: string;
    projectAlias?: string;
    projectDir: string;
  }): Record<string, string>;
}

/** Loaded when first needed: a Hosting-only check does without. */
const firebaseToolsEnv = () =>
  createRequire(import.meta.url)('firebase-tools/lib/functions/env.js') as FirebaseToolsEnv;

/** The values a deploy of `codebase` to the context's project would use. Throws when a file does not parse. */
export function deployEnv(deploy: DeployContext, codebase: FunctionsCodebase): Record<string, string> {
  return firebaseToolsEnv().loadUserEnvs({
    functionsSource: join(deploy.root, codebase.source),
    configDir: envDir(deploy.root, codebase),
    projectId: deploy.project.id ?? '',
    ...(deploy.project.alias ? { projectAlias: deploy.project.alias } : {}),
    projectDir: deploy.root,
  });
}

/** Every `.env*` file in `dir` but `.env.local` (the emulator's own), with its text. */
export function deployableEnvFiles(dir: string): { name: string; text: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith('.env') && name !== '.env.local')
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}
