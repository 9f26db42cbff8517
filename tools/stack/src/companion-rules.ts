/**
 * The companion's Firestore rules in a project it shares with the mobile app (docs/deploying.md,
 * "The shared project's rules"). There the rules are the app's; ours are a fragment,
 * `firestore.companion.rules`, pasted inside the app's `match /databases/{database}/documents`.
 * Firestore grants a request when any rule allows it, so the fragment's denials alone protect
 * nothing: what counts is the merged file as Firestore judges it. `clientAccessProblems` asks a
 * Firestore emulator exactly that, through `@firebase/rules-unit-testing`: no client, anonymous or
 * signed in (as the owner of the document's id), reads or writes any collection of ours.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeTestEnvironment, type RulesTestContext } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, setLogLevel, updateDoc } from 'firebase/firestore';
import { collections } from '@dayfocus/contracts/records';
import { repoRoot } from './config.js';

export const COMPANION_RULES_FILE = 'firestore.companion.rules';
export const FRAGMENT_BEGIN = '// ---- Dayfocus web companion: begin ----';
export const FRAGMENT_END = '// ---- Dayfocus web companion: end ----';

/** The fragment as this checkout has it. */
export function companionFragment(): string {
  return readFileSync(join(repoRoot, COMPANION_RULES_FILE), 'utf8');
}

/** Our collections in a deployed project: every underscore collection but the local stack's `_dev*` ones. */
export function companionCollections(): string[] {
  return Object.values(collections).filter((name) => name.startsWith('_') && !name.startsWith('_dev'));
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

/** What one client may try on one document, as the SDK does it; `create` on none, the rest on one that exists. */
const attempts: [string, (context: RulesTestContext, path: string) => Promise<unknown>][] = [
  ['create', (c, path) => setDoc(doc(c.firestore(), path), { planted: true })],
  ['read', (c, path) => getDoc(doc(c.firestore(), path))],
  ['list', (c, path) => getDocs(collection(c.firestore(), path.slice(0, path.lastIndexOf('/'))))],
  ['update', (c, path) => updateDoc(doc(c.firestore(), path), { planted: true })],
  ['delete', (c, path) => deleteDoc(doc(c.firestore(), path))],
];

function isPermissionDenied(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'permission-denied' || code === 'PERMISSION_DENIED';
}

/**
 * Every way a client gets at one of our collections under `rules`, as a Firestore emulator at
 * `host:port` judges them (`[]`: none). The documents are named by the signed-in client's own id,
 * as rules of the "owner may write their own document" kind would grant. Before each attempt the
 * document is put in place (or removed, for `create`) with rules off.
 */
export async function clientAccessProblems(
  rules: string,
  emulator: { host: string; port: number },
  projectId = `demo-rules-${process.pid}-${Date.now().toString(36)}`,
): Promise<string[]> {
  setLogLevel('silent'); // every refusal is expected here; the SDK would log each one
  const env = await initializeTestEnvironment({ projectId, firestore: { ...emulator, rules } });
  try {
    const uid = 'rules-check-user';
    const paths = companionCollections().flatMap((name) => [`${name}/${uid}`, `${name}/${uid}/below/${uid}`]);
    const clients: [string, RulesTestContext][] = [
      ['an anonymous client', env.unauthenticatedContext()],
      ['a signed-in client', env.authenticatedContext(uid, { email: `${uid}@example.com`, email_verified: true })],
    ];
    const problems: string[] = [];
    for (const path of paths) {
      for (const [what, attempt] of attempts) {
        for (const [who, context] of clients) {
          await env.withSecurityRulesDisabled(async (admin) => {
            const ref = doc(admin.firestore(), path);
            await (what === 'create' ? deleteDoc(ref) : setDoc(ref, { planted: true }));
          });
          try {
            await attempt(context, path);
            problems.push(`${who} may ${what} ${path}`);
          } catch (error) {
            if (!isPermissionDenied(error)) throw error;
          }
        }
      }
    }
    return problems;
  } finally {
    await env.cleanup();
  }
}
