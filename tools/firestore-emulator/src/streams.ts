/**
 * The `Listen` stream (snapshot listeners: onSnapshot, and the web SDK's reads); the `Write`
 * stream (the web SDK's writes) is write-stream.ts.
 *
 * Listen: each target (a query, or a list of documents) is answered with ADD, its documents,
 * CURRENT and a global NO_CHANGE with a read time (the client's consistent snapshot). After
 * every commit of its database, each target's results are computed again and the difference
 * is sent: changed documents, deleted ones (DocumentDelete) and ones that no longer match
 * (DocumentRemove), then a new global NO_CHANGE. A resume token is a read time: resuming
 * sends the difference between the results then and now (versions are kept an hour).
 */
import { status, type ServerDuplexStream } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import type { FaultPlan } from './faults.js';
import { databaseRoot, parseDatabaseName, type DatabaseName } from './paths.js';
import type { Target, Timestamp } from './proto.js';
import { runQuery } from './query.js';
import { callerOf, grpcError } from './server.js';
import type { Caller, Change } from './context.js';
import { readDocumentName, toDocument } from './documents.js';
import type { FirestoreService } from './service.js';
import { fromTimestamp, toTimestamp, type DatabaseState, type StoredDocument, type Time } from './state.js';

/**
 * The database a stream is about: named by its first request, or (the web SDK names it only
 * there) by the call's `google-cloud-resource-prefix` header.
 */
export function streamDatabase(request: { database?: string }, call: ServerDuplexStream<unknown, unknown>): string {
  const prefix = call.metadata.get('google-cloud-resource-prefix')[0];
  const name = request.database || (typeof prefix === 'string' ? prefix : '');
  if (!name) throw new FirestoreError(status.INVALID_ARGUMENT, 'A stream must name its database');
  return name;
}

interface ListenRequest {
  database?: string;
  addTarget?: Target;
  removeTarget?: number;
}

interface WatchedTarget {
  id: number;
  /** The target's results now: path → update time. */
  results: Map<string, Time>;
  /** Computes the results at a time (undefined: the latest). */
  read: (readTime?: Time) => StoredDocument[];
}

function resumeToken(time: Time): Buffer {
  const token = Buffer.alloc(8);
  token.writeBigInt64BE(time);
  return token;
}

function timeOfToken(token: Buffer): Time | undefined {
  return token.length === 8 ? token.readBigInt64BE() : undefined;
}

/** The stream's database, once its first request named it. */
interface ListenDatabase {
  name: DatabaseName;
  state: DatabaseState;
}

/** Where a target's results start from: a resume token's or a read time's results, else none. */
function resumeTime(target: Target): Time | undefined {
  if (target.resumeToken && target.resumeToken.length > 0) return timeOfToken(target.resumeToken);
  return target.readTime ? fromTimestamp(target.readTime as Timestamp) : undefined;
}

/**
 * A target to watch, checked (its query, the indexes, the rules) as a one-time read of it would
 * be; its results as they were when it resumes from a time, else none.
 */
function watchTarget(
  service: FirestoreService,
  caller: Caller,
  database: ListenDatabase,
  target: Target,
): WatchedTarget {
  const { name, state } = database;
  let read: WatchedTarget['read'];
  if (target.query) {
    const { parentPath, query } = service.checkedQuery(target.query.parent, target.query.structuredQuery, caller);
    read = (readTime) => runQuery({ database: state, parent: parentPath, root: databaseRoot(name), readTime }, query);
  } else {
    const paths = (target.documents?.documents ?? []).map((documentName) => readDocumentName(documentName).path);
    service.checkGets(name, paths, caller);
    read = (readTime) => paths.map((path) => state.get(path, readTime)).filter((d): d is StoredDocument => d !== null);
  }
  const watched: WatchedTarget = { id: target.targetId ?? 0, results: new Map(), read };
  const since = resumeTime(target);
  if (since !== undefined) for (const document of read(since)) watched.results.set(document.path, document.updateTime);
  return watched;
}

/** One Listen stream's targets, and the changes it sends them. */
class ListenSession {
  readonly targets = new Map<number, WatchedTarget>();

  constructor(
    private readonly call: ServerDuplexStream<ListenRequest, object>,
    private readonly service: FirestoreService,
    private readonly caller: Caller,
    readonly database: ListenDatabase,
  ) {}

  /** ADD, the target's documents, CURRENT and a global snapshot; a `once` target is removed after. */
  addTarget(target: Target): void {
    const watched = watchTarget(this.service, this.caller, this.database, target);
    const { id } = watched;
    this.targets.set(id, watched);
    this.call.write({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const time = this.service.state.currentTime();
    this.sendDifference(watched, watched.read(), time);
    this.call.write({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: resumeToken(time) } });
    this.globalSnapshot(time);
    if (target.once) this.removeTarget(id);
  }

  removeTarget(id: number): void {
    this.targets.delete(id);
    this.call.write({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  /** After a commit of the stream's database: each target's difference, then a global snapshot. */
  readonly onChange = (change: Change): void => {
    if (change.database !== this.database.state || this.targets.size === 0) return;
    let changed = false;
    for (const target of this.targets.values()) {
      changed = this.sendDifference(target, target.read(), change.time) || changed;
    }
    if (changed) this.globalSnapshot(change.time);
  };

  private globalSnapshot(time: Time): void {
    this.call.write({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        readTime: toTimestamp(time),
        resumeToken: resumeToken(time),
      },
    });
  }

  /** Sends how one target's results moved from `before` to `after` (read at `time`). */
  private sendDifference(target: WatchedTarget, after: StoredDocument[], time: Time): boolean {
    const root = databaseRoot(this.database.name);
    const readTime = toTimestamp(time);
    const now = new Map<string, Time>();
    let changed = false;
    for (const document of after) {
      now.set(document.path, document.updateTime);
      if (target.results.get(document.path) === document.updateTime) continue;
      this.call.write({
        documentChange: { document: toDocument(root, document), targetIds: [target.id], removedTargetIds: [] },
      });
      changed = true;
    }
    for (const path of target.results.keys()) {
      if (now.has(path)) continue;
      const gone = this.database.state.get(path, time) === null;
      const change = { document: `${root}/${path}`, removedTargetIds: [target.id], readTime };
      this.call.write(gone ? { documentDelete: change } : { documentRemove: change });
      changed = true;
    }
    target.results = now;
    return changed;
  }
}

export function serveListen(service: FirestoreService, faults: FaultPlan) {
  return (call: ServerDuplexStream<ListenRequest, object>): void => {
    const caller = callerOf(call.metadata);
    let session: ListenSession | undefined;
    const stop = (): void => {
      if (session) service.changes.off('change', session.onChange);
    };
    const open = (request: ListenRequest): ListenSession => {
      faults.before('Listen');
      const name = parseDatabaseName(streamDatabase(request, call));
      const opened = new ListenSession(call, service, caller, { name, state: service.state.database(name) });
      service.changes.on('change', opened.onChange);
      return opened;
    };
    call.on('data', (request: ListenRequest) => {
      try {
        session ??= open(request);
        if (request.addTarget) addOrRefuse(session, call, request.addTarget);
        if (request.removeTarget !== undefined) session.removeTarget(request.removeTarget);
      } catch (error) {
        stop();
        call.emit('error', grpcError(error));
      }
    });
    call.on('end', () => {
      stop();
      call.end();
    });
    call.on('cancelled', stop);
    call.on('error', stop);
  };
}

/** A target the rules (or the query's checks) refuse is removed with its cause; the stream lives on. */
function addOrRefuse(session: ListenSession, call: ServerDuplexStream<ListenRequest, object>, target: Target): void {
  try {
    session.addTarget(target);
  } catch (error) {
    if (!(error instanceof FirestoreError)) throw error;
    call.write({
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [target.targetId ?? 0],
        cause: { code: error.code, message: error.message },
      },
    });
  }
}
