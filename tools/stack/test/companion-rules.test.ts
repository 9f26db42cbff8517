/**
 * The shared project's rules (docs/deploying.md): the app's rules with firestore.companion.rules
 * pasted in give no client any of our collections, judged by a Firestore emulator through
 * @firebase/rules-unit-testing. Ours runs in this process; where Google's emulator is running
 * (`OFFICIAL_FIRESTORE_EMULATOR_HOST`, the official lane), it judges the same files too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '@dayfocus/firestore-emulator';
import {
  carriesFragment,
  clientAccessProblems,
  companionCollections,
  companionFragment,
  mergeIntoAppRules,
} from '../src/companion-rules.js';
import { repoRoot } from '../src/config.js';

/**
 * A judgment is thousands of client requests in this process: "this repository's own
 * firestore.rules" took 204 s in a fresh `npm test` of 2026-12-02 (a page fault at 15.8 µs, the two
 * stacks and their browsers beside it), past four fifths of the 240 s every other test of the
 * package gets. A bound, not an expected time (docs/testing.md).
 */
vi.setConfig({ testTimeout: 600_000 });

const typicalAppRules = readFileSync(join(import.meta.dirname, 'fixtures/typical-app.rules'), 'utf8');
const merged = mergeIntoAppRules(typicalAppRules);

let ours: FirestoreEmulator;
beforeAll(async () => {
  ours = await startFirestoreEmulator({ port: 0 });
});
afterAll(async () => {
  await ours?.stop();
});

/** The emulators that judge: ours, and Google's where the official lane runs it. */
function judges(): [string, () => { host: string; port: number }][] {
  const official = process.env['OFFICIAL_FIRESTORE_EMULATOR_HOST'];
  const list: [string, () => { host: string; port: number }][] = [['ours', () => ours]];
  if (official) {
    const [host = '127.0.0.1', port] = official.split(':');
    list.push(['Google', () => ({ host, port: Number(port) })]);
  }
  return list;
}

describe('the fragment', () => {
  it('denies every collection of ours in a deployed project, and only those', () => {
    const fragment = companionFragment();
    const named = [...fragment.matchAll(/match \/([^/]+)\/\{document=\*\*\} \{\s*allow read, write: if false;/g)].map(
      (m) => m[1],
    );
    expect(named.sort()).toEqual(companionCollections().sort());
    expect(companionCollections()).toContain('_signUps');
  });

  it("is carried unchanged by this repository's own firestore.rules", () => {
    const own = readFileSync(join(repoRoot, 'firestore.rules'), 'utf8');
    expect(carriesFragment(own)).toBe(true);
    expect(carriesFragment(own.replace('_pushBudgets', '_pushBudget'))).toBe(false);
    expect(carriesFragment(merged)).toBe(true);
    expect(carriesFragment(typicalAppRules)).toBe(false);
  });
});

describe.each(judges())('the merged rules, judged by %s emulator', (_name, emulator) => {
  it('give no client, anonymous or signed in as the id, any document of ours', async () => {
    expect(await clientAccessProblems(merged, emulator())).toEqual([]);
  });

  it("still are the app's: a signed-in person reads profiles and writes their own record", async () => {
    const env = await initializeTestEnvironment({
      projectId: `demo-app-rules-${Date.now().toString(36)}`,
      firestore: { ...emulator(), rules: merged },
    });
    try {
      const mine = env.authenticatedContext('leela').firestore();
      // What the server once trusted on this record is now the owner's own data, nothing more.
      await setDoc(doc(mine, 'Users/leela'), { name: 'Leela', invitedBy: 'asha', signUpProvedAt: 'now' });
      expect((await getDoc(doc(env.authenticatedContext('ravi').firestore(), 'Users/leela'))).data()).toMatchObject({
        name: 'Leela',
      });
      await expect(setDoc(doc(mine, '_signUps/leela'), { invitedBy: 'asha' })).rejects.toMatchObject({
        code: 'permission-denied',
      });
    } finally {
      await env.cleanup();
    }
  });

  it('are refused when the app grants more: a catch-all read for signed-in people', async () => {
    const permissive = typicalAppRules.replace(
      'match /Tasks/{taskId} {',
      'match /{document=**} {\n      allow read: if signedIn();\n    }\n    match /Tasks/{taskId} {',
    );
    const problems = await clientAccessProblems(mergeIntoAppRules(permissive), emulator());
    expect(problems).toContain('a signed-in client may read _signUps/rules-check-user');
    expect(problems).toContain('a signed-in client may list _appLinks/rules-check-user');
    expect(problems.some((problem) => problem.startsWith('an anonymous client'))).toBe(false);
  });

  it("and this repository's own firestore.rules give clients nothing of ours either", async () => {
    const own = readFileSync(join(repoRoot, 'firestore.rules'), 'utf8');
    expect(await clientAccessProblems(own, emulator())).toEqual([]);
  });
});
