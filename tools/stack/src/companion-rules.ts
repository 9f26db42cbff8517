/**
 * The companion's Firestore rules in a project it shares with the mobile app (docs/deploying.md,
 * "The shared project's rules"). There the rules are the app's; ours are a fragment,
 * `firestore.companion.rules`, pasted inside the app's `match /databases/{database}/documents`.
 * Firestore grants a request when any rule allows it, so the fragment's denials alone protect
 * nothing: what counts is the merged file as Firestore judges it. `clientAccessProblems` asks a
 * Firestore emulator exactly that, request by request: no client, anonymous or
 * signed in with a verified address, gets, lists, creates, updates or deletes anything in any
 * collection of ours, whatever the document says. The documents it tries are the ones an app's
 * owner-keyed rules grant: named by the caller's uid, holding the caller's uid or address in
 * every field such a rule may key on (`owner`, `uid`, `email`, …) and in the collection's own
 * fields (`_mail`'s `to`, `_signInHandoffs`' `uid`, …).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './config.js';
import type { JudgingEmulator } from './rules-probe.js';

export {
  COLLECTION_SHAPES,
  companionCollections,
  PROBE_EMAIL,
  PROBE_UID,
  probedCollections,
  type CollectionShape,
} from './probe-documents.js';

export const COMPANION_RULES_FILE = 'firestore.companion.rules';
export const FRAGMENT_BEGIN = '// ---- Dayfocus web companion: begin ----';
export const FRAGMENT_END = '// ---- Dayfocus web companion: end ----';

/** The fragment as this checkout has it. */
export function companionFragment(): string {
  return readFileSync(join(repoRoot, COMPANION_RULES_FILE), 'utf8');
}

/** The fragment's lines, trimmed and without blank ones: how it is recognised however it is indented. */
function fragmentLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Whether `rules` carries the fragment unchanged (indentation aside), from its first line to its last. */
export function carriesFragment(rules: string, fragment: string = companionFragment()): boolean {
  const want = fragmentLines(fragment);
  const have = fragmentLines(rules);
  const start = have.indexOf(want[0] ?? '');
  return start >= 0 && want.every((line, i) => have[start + i] === line);
}

/** Where the fragment goes: just inside the documents match of the app's rules. */
const DOCUMENTS_MATCH = /match\s+\/databases\/\{[A-Za-z_]\w*\}\/documents\s*\{/;

/** The app's rules with the fragment pasted in, as docs/deploying.md tells the app team to do it. */
export function mergeIntoAppRules(appRules: string, fragment: string = companionFragment()): string {
  const found = DOCUMENTS_MATCH.exec(appRules);
  if (!found) throw new Error('The rules have no `match /databases/{database}/documents {` to paste the fragment into');
  const at = found.index + found[0].length;
  const indented = fragment
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return `${appRules.slice(0, at)}\n${indented}\n${appRules.slice(at)}`;
}

export type { JudgingEmulator } from './rules-probe.js';

/**
 * Every way a client gets at one of our collections under `rules`, as the emulator judges them
 * (rules-probe.ts, loaded on the first call: it brings the client SDK and gRPC).
 */
export async function clientAccessProblems(
  rules: string,
  emulator: JudgingEmulator,
  projectId?: string,
): Promise<string[]> {
  const probe = await import('./rules-probe.js');
  return probe.clientAccessProblems(rules, emulator, projectId);
}
