/**
 * What the emulator holds: per database, every document's versions, by collection. A read at
 * a past `readTime` finds the version current then; versions older than the read window
 * (an hour, as production without point-in-time recovery) are dropped as documents change.
 *
 * Times are microseconds since the epoch (production's precision), as bigint, and every
 * commit gets a time of its own, later than every earlier one.
 */
import { CollectionIndex, type IndexPlan } from './field-index.js';
import type { Timestamp, Value } from './proto.js';
import { lastSegment, parentCollection, type DatabaseName } from './paths.js';

export type Time = bigint;

/** How far back a read may look: production's window without point-in-time recovery. */
export const READ_WINDOW: Time = 60n * 60n * 1_000_000n;

export function toTimestamp(time: Time): Timestamp {
  return { seconds: String(time / 1_000_000n), nanos: Number(time % 1_000_000n) * 1000 };
}

/** A timestamp → Time; nanoseconds below a microsecond are dropped (production's precision). */
export function fromTimestamp(ts: Timestamp): Time {
  return BigInt(ts.seconds ?? 0) * 1_000_000n + BigInt(Math.floor((ts.nanos ?? 0) / 1000));
}

/** A document as of some time: its fields, and when it was made and last changed. */
export interface StoredDocument {
  path: string;
  fields: Record<string, Value>;
  createTime: Time;
  updateTime: Time;
}

/** One state of a document from `time` on: its fields, or null once deleted. */
interface Version {
  time: Time;
  document: StoredDocument | null;
}

export class DatabaseState {
  /** collection path → document id → versions, oldest first */
  private readonly collections = new Map<string, Map<string, Version[]>>();
  /** collection path → its field indexes, made by the first query that can use them */
  private readonly indexes = new Map<string, CollectionIndex>();

  constructor(readonly name: DatabaseName) {}

  /** The document at `path` as of `readTime` (now by default), or null. */
  get(path: string, readTime?: Time): StoredDocument | null {
    const versions = this.collections.get(parentCollection(path))?.get(lastSegment(path));
    return versions ? versionAt(versions, readTime) : null;
  }

  /** Records the document's new state (null: deleted) at `time`. */
  put(path: string, document: StoredDocument | null, time: Time): void {
    const collection = parentCollection(path);
    let documents = this.collections.get(collection);
    if (!documents) {
      documents = new Map();
      this.collections.set(collection, documents);
    }
    const id = lastSegment(path);
    const versions = documents.get(id) ?? [];
    const before = versions.length > 0 ? (versions[versions.length - 1] as Version).document : null;
    versions.push({ time, document });
    this.indexes.get(collection)?.update(id, before, document, time);
    // Keep what a read inside the window may still ask for: the last version before it, and all after.
    const horizon = time - READ_WINDOW;
    let keepFrom = 0;
    while (keepFrom + 1 < versions.length && (versions[keepFrom + 1] as Version).time <= horizon) keepFrom++;
    if (keepFrom > 0) versions.splice(0, keepFrom);
    if (versions.length === 1 && document === null) {
      documents.delete(id);
      if (documents.size === 0) this.collections.delete(collection);
    } else documents.set(id, versions);
  }

  /** Collection paths, each with its documents' ids (including deleted ones still in the window). */
  collectionPaths(): IterableIterator<string> {
    return this.collections.keys();
  }

  /** The documents of one collection as of `readTime`. */
  *documentsIn(collection: string, readTime?: Time): Generator<StoredDocument> {
    const documents = this.collections.get(collection);
    if (!documents) return;
    for (const versions of documents.values()) {
      const document = versionAt(versions, readTime);
      if (document) yield document;
    }
  }

  /**
   * The documents of one collection as of `readTime` that may match `plan`: all that do, and
   * perhaps others (the query's filters decide), found through the collection's field indexes.
   */
  *documentsMatching(collection: string, plan: IndexPlan, readTime?: Time): Generator<StoredDocument> {
    const documents = this.collections.get(collection);
    if (!documents) return;
    const ids = this.indexOf(collection, documents).candidates(plan, readTime);
    if (!ids) {
      yield* this.documentsIn(collection, readTime);
      return;
    }
    for (const id of ids) {
      const versions = documents.get(id);
      const document = versions ? versionAt(versions, readTime) : null;
      if (document) yield document;
    }
  }

  private indexOf(collection: string, documents: Map<string, Version[]>): CollectionIndex {
    let index = this.indexes.get(collection);
    if (!index) {
      let lastChange: Time = 0n;
      for (const versions of documents.values()) {
        const last = (versions[versions.length - 1] as Version).time;
        if (last > lastChange) lastChange = last;
      }
      // The collection's map is dropped when its last document goes: look it up each time.
      const current = () => currentDocuments(this.collections.get(collection) ?? new Map<string, Version[]>());
      index = new CollectionIndex(current, lastChange, READ_WINDOW);
      this.indexes.set(collection, index);
    }
    return index;
  }

  /**
   * Paths of the documents of a collection that do not exist (as of `readTime`) but have
   * documents below them: ListDocuments' "missing" documents.
   */
  missingDocumentsIn(collection: string, readTime?: Time): string[] {
    const missing = new Set<string>();
    const prefix = `${collection}/`;
    for (const path of this.collections.keys()) {
      if (!path.startsWith(prefix)) continue;
      const documentPath = path
        .split('/')
        .slice(0, collection.split('/').length + 1)
        .join('/');
      if (missing.has(documentPath) || this.get(documentPath, readTime)) continue;
      if (this.hasDocumentsBelow(path, readTime)) missing.add(documentPath);
    }
    return [...missing];
  }

  private hasDocumentsBelow(collection: string, readTime?: Time): boolean {
    for (const path of this.collections.keys()) {
      if (path !== collection && !path.startsWith(`${collection}/`)) continue;
      if (!this.documentsIn(path, readTime).next().done) return true;
    }
    return false;
  }
}

function* currentDocuments(documents: Map<string, Version[]>): Generator<[string, StoredDocument]> {
  for (const [id, versions] of documents) {
    const document = versionAt(versions);
    if (document) yield [id, document];
  }
}

function versionAt(versions: readonly Version[], readTime?: Time): StoredDocument | null {
  if (readTime === undefined) return (versions[versions.length - 1] as Version).document;
  for (let i = versions.length - 1; i >= 0; i--) {
    const version = versions[i] as Version;
    if (version.time <= readTime) return version.document;
  }
  return null;
}

/** Every database the emulator has been asked about, and the clock of commit times. */
export class EmulatorState {
  private readonly databases = new Map<string, DatabaseState>();
  private lastTime: Time = 0n;

  database(name: DatabaseName): DatabaseState {
    const key = `${name.projectId}/${name.databaseId}`;
    let database = this.databases.get(key);
    if (!database) {
      database = new DatabaseState(name);
      this.databases.set(key, database);
    }
    return database;
  }

  /** A new commit time: now, in microseconds, and later than every time handed out before. */
  nextTime(): Time {
    const now = BigInt(Date.now()) * 1000n;
    this.lastTime = now > this.lastTime ? now : this.lastTime + 1n;
    return this.lastTime;
  }

  /** The present, for reads: every commit after this call gets a later time. */
  currentTime(): Time {
    const now = BigInt(Date.now()) * 1000n;
    if (now > this.lastTime) this.lastTime = now;
    return this.lastTime;
  }

  /** Deletes every document of one project (every database), or of all projects. */
  clear(projectId?: string): void {
    for (const [key, database] of this.databases) {
      if (projectId === undefined || database.name.projectId === projectId) this.databases.delete(key);
    }
  }
}
