/**
 * What every check is handed: the repository (firebase.json's folder) and the project the deploy
 * goes to, chosen as firebase-tools chooses it: `--project` (an id, or an alias of .firebaserc;
 * firebase.json's predeploys pass the project firebase-tools resolved, `$GCLOUD_PROJECT`), else
 * .firebaserc's default. The project `firebase use` made active is firebase-tools' own state,
 * which a check cannot see: pass `--project` for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export interface DeployContext {
  root: string;
  project: { id: string | undefined; from: string; alias?: string };
}

/** The parts of firebase.json the checks read. */
export interface FirebaseJson {
  hosting?: { public?: string } | { public?: string }[];
  functions?: FunctionsCodebase | FunctionsCodebase[];
  firestore?: FirestoreTarget | FirestoreTarget[];
}

/** A database's entry of firebase.json's `firestore`: a `rules` file is what `firebase deploy` uploads and releases. */
export interface FirestoreTarget {
  rules?: string;
  indexes?: string;
  database?: string;
  target?: string;
}

export interface FunctionsCodebase {
  source: string;
  codebase?: string;
  /** Where firebase-tools reads (and writes) the `.env*` files; the source folder when absent. */
  configDir?: string;
}

export function readFirebaseJson(root: string): FirebaseJson {
  return JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as FirebaseJson;
}

export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A path of the repository as the messages name it (`functions/.env.x`). */
export const shown = (root: string, path: string) => relative(root, path) || '.';

/** The folder of the `.env*` files firebase-tools uses for a codebase (its projectConfig.resolveConfigDir). */
export function envDir(root: string, codebase: FunctionsCodebase): string {
  return resolve(root, codebase.configDir ?? codebase.source);
}

/** The nearest folder at or above `from` that holds a firebase.json. */
export function findRoot(from: string): string {
  for (let dir = resolve(from); ; dir = resolve(dir, '..')) {
    if (existsSync(join(dir, 'firebase.json'))) return dir;
    if (dir === resolve(dir, '..')) throw new Error(`No firebase.json at or above ${from}`);
  }
}

/** The project a deploy goes to, from `--project` (undefined: not given) and .firebaserc. */
export function resolveProject(root: string, flag: string | undefined): DeployContext['project'] {
  const rcPath = join(root, '.firebaserc');
  const aliases = existsSync(rcPath)
    ? ((JSON.parse(readFileSync(rcPath, 'utf8')) as { projects?: Record<string, string> }).projects ?? {})
    : {};
  if (flag !== undefined) {
    if (flag.trim() === '') return { id: undefined, from: '--project was empty' };
    const id = aliases[flag];
    return id ? { id, from: `--project ${flag}`, alias: flag } : { id: flag, from: '--project' };
  }
  return { id: aliases.default, from: ".firebaserc's default; pass --project <id> for the project you deploy to" };
}
