/**
 * Document reads and writes with the product's reported results (spec sections 7, 8):
 * a write answers {status 200, "Document successfully written!"}, an empty id
 * {400, "document id is missing"}, a failure {400, "Error while setting document : …"}.
 */
import type { DocumentData, Firestore, SetOptions } from 'firebase-admin/firestore';
import { documentIdMissing, writeFailed, writeSucceeded, type WriteResult } from '../domain/write-result.js';

export class DocumentRepository {
  constructor(private readonly firestore: Firestore) {}

  /** A copy of the document's data, or false when it does not exist (or the id is unusable). */
  async read<T extends DocumentData = DocumentData>(collection: string, id: string): Promise<T | false> {
    if (!isUsableId(id)) return false;
    const snapshot = await this.firestore.collection(collection).doc(id).get();
    return snapshot.exists ? ({ ...snapshot.data() } as T) : false;
  }

  async write(collection: string, id: string, data: DocumentData, options: SetOptions = {}): Promise<WriteResult> {
    if (!id) return documentIdMissing;
    try {
      if (!isUsableId(id)) throw new Error(`"${id}" is not a valid document id`);
      await this.firestore.collection(collection).doc(id).set(data, options);
      return writeSucceeded;
    } catch (error) {
      return writeFailed(error);
    }
  }

  /** Adds a document with a generated id. */
  async add(collection: string, data: DocumentData): Promise<WriteResult> {
    try {
      await this.firestore.collection(collection).add(data);
      return writeSucceeded;
    } catch (error) {
      return writeFailed(error);
    }
  }
}

/** Firestore document ids: no slash, not "." or "..", not __reserved__, at most 1500 bytes. */
export function isUsableId(id: string): boolean {
  return (
    id.length > 0 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id) &&
    Buffer.byteLength(id, 'utf8') <= 1500
  );
}
