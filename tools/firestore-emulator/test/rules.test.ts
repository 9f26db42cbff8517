/**
 * Security rules through the official tooling: @firebase/rules-unit-testing loads rules with the
 * official emulator's endpoint, and the Firebase JS SDK (its Listen and Write streams) is judged
 * by them; firebase-admin (`Bearer owner`) is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { startTestContext, type TestContext } from './support.js';

const OWNER_ONLY = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedInAs(userId) { return request.auth != null && request.auth.uid == userId; }
    match /people/{userId} {
      allow read: if signedInAs(userId);
      allow create, update: if signedInAs(userId) && request.resource.data.name is string;
    }
  }
}`;

let ctx: TestContext;
let env: RulesTestEnvironment;
beforeAll(async () => {
  ctx = await startTestContext();
  env = await initializeTestEnvironment({
    projectId: 'demo-test',
    firestore: { host: ctx.emulator.host, port: ctx.emulator.port, rules: OWNER_ONLY },
  });
});
afterAll(async () => {
  await env?.cleanup();
  await ctx?.close();
});

describe('rules loaded through @firebase/rules-unit-testing', () => {
  it('let a signed-in person write and read their own document, and nobody else', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertSucceeds(setDoc(doc(alice, 'people/alice'), { name: 'Alice' }));
    await assertSucceeds(getDoc(doc(alice, 'people/alice')));
    await assertFails(setDoc(doc(alice, 'people/bob'), { name: 'Not Bob' }));
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'people/alice')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'people/alice')));
  });

  it('judge the document a write would make', async () => {
    const carol = env.authenticatedContext('carol').firestore();
    await assertFails(setDoc(doc(carol, 'people/carol'), { name: 42 }));
    await assertSucceeds(setDoc(doc(carol, 'people/carol'), { name: 'Carol' }));
    await assertFails(updateDoc(doc(carol, 'people/carol'), { name: null }));
  });

  it('deny what no rule matches, queries included', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(getDocs(collection(alice, 'elsewhere')));
    await assertFails(setDoc(doc(alice, 'elsewhere/x'), { name: 'x' }));
  });

  it('leave the Admin SDK and the rules-disabled context alone', async () => {
    await ctx.db.doc('elsewhere/admin').set({ by: 'admin' });
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await getDoc(doc(context.firestore(), 'elsewhere/admin'))).data()).toEqual({ by: 'admin' });
    });
    expect((await ctx.db.doc('people/alice').get()).data()).toEqual({ name: 'Alice' });
  });

  it("leave the in-process write alone too, as the Admin SDK's commit: what it puts, readers see", async () => {
    await ctx.emulator.write('demo-test', 'people/dave', { name: 'Dave', tags: ['a', 1.5, null] });
    const dave = env.authenticatedContext('dave').firestore();
    expect((await getDoc(doc(dave, 'people/dave'))).data()).toEqual({ name: 'Dave', tags: ['a', 1.5, null] });
    await assertFails(getDoc(doc(env.authenticatedContext('erin').firestore(), 'people/dave')));
    await ctx.emulator.write('demo-test', 'people/dave', null);
    expect((await getDoc(doc(dave, 'people/dave'))).exists()).toBe(false);
  });
});

describe('rules files the emulator cannot read', () => {
  it('are refused when loaded, naming the construct and where it is', async () => {
    const unsupported = OWNER_ONLY.replace(
      'request.auth != null',
      'exists(/databases/$(database)/documents/admins/$(request.auth.uid))',
    );
    await expect(
      initializeTestEnvironment({
        projectId: 'demo-refused',
        firestore: { host: ctx.emulator.host, port: ctx.emulator.port, rules: unsupported },
      }),
    ).rejects.toThrow(/Unsupported rules construct at 4:\d+: exists\(\)/);
  });

  it('stop an emulator from starting', async () => {
    let started: FirestoreEmulator | undefined;
    await expect(
      startFirestoreEmulator({ port: 0, rules: 'service cloud.firestore {' }).then((emulator) => (started = emulator)),
    ).rejects.toThrow(/rules_version|Syntax error/);
    await started?.stop();
  });
});
