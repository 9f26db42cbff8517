/**
 * What the link store keeps in the instance (adapters/app-link-store.ts): a link read once, and an
 * inviter's own link. Against the stack's Firestore, in-process: two stores stand for two instances.
 */
import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { AppLinkStore } from '../../src/short-links/adapters/app-link-store.js';
import { LINK_KEEP_MS } from '../../src/short-links/domain/app-links.js';
import { adminDb, firestoreFaults, OUR_EMULATOR, uniqueId } from './support.js';

const now = () => new Date().toISOString();
let counter = 0;
const newCode = () => `Cache${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 16);

describe('the link store kept in the instance', () => {
  it('answers a link it has read, and an inviter it has made one for, without reading again', async () => {
    const store = new AppLinkStore(adminDb);
    const inviterId = uniqueId('inviter');
    const code = await store.ensureOwnLink({
      inviterId,
      target: 'https://dayfocus.test/?userId=a',
      now: now(),
      newCode,
    });
    const read = await store.findByCode(code);
    expect(read).toMatchObject({ code, inviterId, target: 'https://dayfocus.test/?userId=a' });
    // Changed in Firestore behind the store's back (no code of ours does this): the instance keeps its copy.
    await adminDb.collection('_appLinks').doc(code).update({ target: 'https://elsewhere.test/' });
    expect((await store.findByCode(code))?.target).toBe('https://dayfocus.test/?userId=a');
    expect(
      await store.ensureOwnLink({ inviterId, target: 'https://dayfocus.test/?userId=a', now: now(), newCode }),
    ).toBe(code);
    // Another instance reads Firestore.
    expect((await new AppLinkStore(adminDb).findByCode(code))?.target).toBe('https://elsewhere.test/');
  });

  it('keeps what it read for LINK_KEEP_MS, no longer: a link retired by hand is gone after it', async () => {
    let now = 1_000_000;
    const store = new AppLinkStore(adminDb, { clock: { now: () => now } });
    const inviterId = uniqueId('inviter');
    const target = 'https://dayfocus.test/?userId=k';
    const code = await store.ensureOwnLink({ inviterId, target, now: new Date().toISOString(), newCode });
    expect(await store.findByCode(code)).toMatchObject({ code, inviterId });
    expect(await store.namesCode(inviterId, code)).toBe(true);
    // Retired by hand (docs/short-links.md): the owner's code cleared, the link deleted too.
    await adminDb
      .collection('_appLinkOwners')
      .doc(inviterId)
      .update({ code: FieldValue.delete(), codeTarget: FieldValue.delete() });
    await adminDb.collection('_appLinks').doc(code).delete();

    now += LINK_KEEP_MS - 1;
    expect(await store.findByCode(code)).toMatchObject({ code });
    expect(await store.namesCode(inviterId, code)).toBe(true);
    now += 2;
    expect(await store.findByCode(code)).toBeNull();
    expect(await store.namesCode(inviterId, code)).toBe(false);
    expect(await store.findOwnLink(inviterId, target)).toBeNull();
  });

  it('reads the owner record again when what it kept does not name a link (one made since elsewhere)', async () => {
    const inviterId = uniqueId('inviter');
    const target = 'https://dayfocus.test/?userId=n';
    const store = new AppLinkStore(adminDb);
    expect(await store.findOwnLink(inviterId, target)).toBeNull(); // kept: she has no link
    const code = await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target, now: now(), newCode });
    expect(await store.namesCode(inviterId, code)).toBe(true);
  });

  it('makes a new link for an inviter whose link document was deleted by hand, not the dead one', async () => {
    const inviterId = uniqueId('inviter');
    const target = 'https://dayfocus.test/?userId=d';
    const code = await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target, now: now(), newCode });
    await adminDb.collection('_appLinks').doc(code).delete();
    const again = await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target, now: now(), newCode });
    expect(again).not.toBe(code);
    expect((await adminDb.collection('_appLinks').doc(again).get()).data()).toMatchObject({ inviterId, target });
    expect((await adminDb.collection('_appLinkOwners').doc(inviterId).get()).data()).toMatchObject({ code: again });
  });

  it('forgets a kept link when it moves its target, and keeps no unknown code', async () => {
    const store = new AppLinkStore(adminDb);
    const inviterId = uniqueId('inviter');
    const code = await store.ensureOwnLink({ inviterId, target: 'https://old.test/?userId=a', now: now(), newCode });
    expect((await store.findByCode(code))?.target).toBe('https://old.test/?userId=a');
    // The product domain moved (a deploy): the same code, the new target, seen at once.
    expect(await store.ensureOwnLink({ inviterId, target: 'https://new.test/?userId=a', now: now(), newCode })).toBe(
      code,
    );
    expect((await store.findByCode(code))?.target).toBe('https://new.test/?userId=a');

    const unknown = newCode();
    expect(await store.findByCode(unknown)).toBeNull();
    await adminDb
      .collection('_appLinks')
      .doc(unknown)
      .set({ code: unknown, inviterId, target: 'https://later.test/', createdAt: now(), updatedAt: now() });
    expect((await store.findByCode(unknown))?.target).toBe('https://later.test/');
  });

  it("finds an inviter's own link by reads alone, and makes none", async () => {
    const inviterId = uniqueId('inviter');
    const target = 'https://dayfocus.test/?userId=b';
    expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, target)).toBeNull();
    expect((await adminDb.collection('_appLinkOwners').doc(inviterId).get()).exists).toBe(false);

    const code = await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target, now: now(), newCode });
    // Another instance, which has kept nothing, reads it.
    expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, target)).toBe(code);
    // A link to another target is not the one asked for: making it is ensureOwnLink's.
    expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, 'https://new.test/?userId=b')).toBeNull();
  });

  it(
    "finds an inviter's link by its owner record alone, which names the target with the code",
    OUR_EMULATOR,
    async () => {
      const inviterId = uniqueId('inviter');
      const target = 'https://dayfocus.test/?userId=c';
      const code = await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target, now: now(), newCode });
      const owner = adminDb.collection('_appLinkOwners').doc(inviterId);
      expect((await owner.get()).data()).toMatchObject({ code, codeTarget: target });
      // Reading the link itself would fail: another instance finds it without that read.
      await firestoreFaults({
        faults: [{ rpc: 'BatchGetDocuments', code: 'INTERNAL', count: 3, match: `_appLinks/${code}` }],
      });
      try {
        expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, target)).toBe(code);
        expect((await firestoreFaults()).faults.map((fault) => fault.fired)).toEqual([0]);
      } finally {
        await firestoreFaults(null);
      }
      // An owner record made before it names no target: the link is read, as before.
      await owner.update({ codeTarget: FieldValue.delete() });
      expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, target)).toBe(code);
      // The product domain moved: both records name the new target, under the same code.
      const moved = 'https://new.test/?userId=c';
      expect(await new AppLinkStore(adminDb).ensureOwnLink({ inviterId, target: moved, now: now(), newCode })).toBe(
        code,
      );
      expect((await owner.get()).data()?.codeTarget).toBe(moved);
      expect(await new AppLinkStore(adminDb).findOwnLink(inviterId, target)).toBeNull();
    },
  );
});
