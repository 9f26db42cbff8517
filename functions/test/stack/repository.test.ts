import { describe, expect, it } from 'vitest';
import { DocumentRepository } from '../../src/adapters/documents.js';
import { adminDb, uniqueId } from './support.js';

const documents = new DocumentRepository(adminDb);

describe('document repository (spec sections 7, 8)', () => {
  it('a write by id answers 200 "Document successfully written!" and stores the data', async () => {
    const id = uniqueId('doc');
    expect(await documents.write('Users', id, { name: 'Mira' })).toEqual({ status: 200, message: 'Document successfully written!' });
    expect(await documents.read('Users', id)).toEqual({ name: 'Mira' });
  });

  it('an empty id answers 400 "document id is missing" and writes nothing', async () => {
    const before = (await adminDb.collection('Notifications').get()).size;
    expect(await documents.write('Notifications', '', { a: 1 })).toEqual({ status: 400, message: 'document id is missing' });
    expect((await adminDb.collection('Notifications').get()).size).toBe(before);
  });

  it('a failed write answers 400 "Error while setting document : {error}"', async () => {
    const id = uniqueId('doc');
    const result = await documents.write('Users', id, { name: undefined });
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/^Error while setting document : .*undefined/);
    expect(await documents.read('Users', id)).toBe(false);
  });

  it('a read of a missing document answers false; an unusable id too', async () => {
    expect(await documents.read('Users', uniqueId('missing'))).toBe(false);
    expect(await documents.read('Users', 'a/b')).toBe(false);
  });

  it('add creates a document with a generated id', async () => {
    const marker = uniqueId('marker');
    expect(await documents.add('Friends', { userId: marker, friendId: 'f' })).toEqual({ status: 200, message: 'Document successfully written!' });
    const found = await adminDb.collection('Friends').where('userId', '==', marker).get();
    expect(found.size).toBe(1);
  });
});
