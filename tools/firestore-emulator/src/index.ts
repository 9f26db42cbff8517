/**
 * The local Firestore emulator: the Firestore gRPC API over in-memory state, with production's
 * limits, composite-index requirements and security rules, and faults on demand. One port
 * serves gRPC and these HTTP endpoints:
 *
 * - `GET /` → `200 Ok` (readiness probe)
 * - `GET /emulator/v1/identity` → the `identity` it was started with, so that a tool can tell
 *   whose emulator holds the port before it uses it
 * - `DELETE /emulator/v1/projects/{p}/databases/{d}/documents` → deletes that project's data
 * - `PUT /emulator/v1/projects/{p}:securityRules` → loads rules for that project (the official
 *   emulator's endpoint, which `@firebase/rules-unit-testing` calls)
 * - `GET|POST|DELETE /emulator/v1/faults` → the fault plan (faults.ts)
 * - `GET|PUT /emulator/v1/hotDocuments` → the hot-document model now; switches it (http-routes.ts)
 * - the Functions emulator's registrations of Firestore triggers, and their list (triggers.ts)
 *
 * (http-routes.ts answers them; port.ts serves the port.)
 */
import { status } from '@grpc/grpc-js';
import type { Authorize, Caller, Change, IndexCheck } from './context.js';
import { FirestoreError } from './errors.js';
import { FaultPlan } from './faults.js';
import { HotDocuments, type HotDocumentsOptions } from './hot-documents.js';
import { parseIndexConfig, type IndexConfig } from './index-config.js';
import { missingIndex, missingIndexMessage } from './indexes.js';
import { httpRoutes } from './http-routes.js';
import { servePort } from './port.js';
import { compileRules, evaluateRules, type CompiledRules } from './rules/index.js';
import { FirestoreService } from './service.js';
import { serveListen } from './streams.js';
import { serveWrite } from './write-stream.js';
import { defaultDatabase, setOrDelete, type PlainData } from './wire-client.js';
import { firestoreTriggers } from './triggers.js';

export {
  describeHotDocuments,
  HOT_DOCUMENT_MESSAGE,
  parseHotDocuments,
  PRODUCTION_HOT_DOCUMENTS,
  type HotDocumentClock,
  type HotDocumentsOptions,
} from './hot-documents.js';

export interface FirestoreEmulatorOptions {
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
  /** Port for gRPC and the HTTP endpoints; 0 picks a free port. */
  port: number;
  /** What `GET /emulator/v1/identity` answers (default `{}`): who started this emulator. */
  identity?: Record<string, unknown>;
  /**
   * Security rules (the text of a rules file) for every project, judging requests without the
   * Admin SDK's credentials. Without them every request is allowed, as the official emulator
   * allows all without a rules file. A project's rules can be replaced over HTTP.
   */
  rules?: string;
  /**
   * The contents of a `firestore.indexes.json`: a query that needs a composite index it does
   * not declare is refused, as production refuses it. Without it, no query is refused for want
   * of an index (as the official emulator).
   */
  indexes?: unknown;
  /**
   * `host:port` of firebase-tools' Functions emulator (Google's emulator's `--functions_emulator`):
   * it registers its Firestore triggers here, and every committed change they match is sent to
   * it (triggers.ts). Without it, a trigger registration is refused.
   */
  functionsEmulator?: string;
  /** Where trigger delivery problems are told (default: console.warn). */
  log?: (line: string) => void;
  /**
   * Production's per-document write limit (hot-documents.ts; `PRODUCTION_HOT_DOCUMENTS` holds
   * production's numbers): a commit that writes a document beyond its rate waits, then is refused
   * with ABORTED. Off (the default): commits never wait.
   */
  hotDocuments?: HotDocumentsOptions | false;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  /** The hot-document model's numbers now (`PUT /emulator/v1/hotDocuments` switches it), or false when it is off. */
  readonly hotDocuments: HotDocumentsOptions | false;
  /** Deletes every document of every project. */
  clear(): void;
  /** Settles once every trigger event of the commits so far has been answered or given up. */
  triggersIdle(): Promise<void>;
  /**
   * Calls `listener` after every commit that changed documents, in commit order, with the
   * documents' paths, the commit's time (a read then sees them as the commit left them) and the
   * microsecond before it (a read then sees them as they were): an in-process stand-in for a
   * trigger. Returns the call that stops it.
   */
  onCommit(listener: (commit: CommittedChange) => void): () => void;
  /**
   * Writes one document (removes it, for null) in this process, as the Admin SDK's commit of one
   * set or delete would, rules off, with no request on the wire (and so no fault of the fault plan):
   * for a tool that seeds thousands of documents between the requests it has judged (the rules
   * probe, companion-rules.ts in @dayfocus/stack). `path` is within the project's default database.
   */
  write(projectId: string, path: string, data: PlainData | null): Promise<void>;
  /** Closes the port and every open connection. */
  stop(): Promise<void>;
}

/** One commit's changed documents (paths within the database, as `users/u1`) and its time. */
export interface CommittedChange {
  projectId: string;
  databaseId: string;
  paths: string[];
  /** The commit's time, with microseconds: `seconds` since the epoch and `nanos`. */
  time: { seconds: number; nanos: number };
  /** The microsecond before the commit, likewise. */
  before: { seconds: number; nanos: number };
}

/** The Admin SDK's caller (`Bearer owner` on the wire): rules off. */
const ADMIN: Caller = { admin: true, auth: null };

export async function startFirestoreEmulator(options: FirestoreEmulatorOptions): Promise<FirestoreEmulator> {
  const defaultRules = options.rules === undefined ? undefined : compileRules(options.rules);
  const rulesByProject = new Map<string, CompiledRules>();
  const indexes: IndexConfig | undefined =
    options.indexes === undefined ? undefined : parseIndexConfig(options.indexes);

  const authorize: Authorize = (database, caller, request) => {
    const rules = rulesByProject.get(database.projectId) ?? defaultRules;
    if (!rules) return;
    const decision = evaluateRules(rules, {
      database: database.databaseId,
      path: request.path,
      method: request.method,
      auth: caller.auth,
      time: new Date(),
      ...(request.resource === undefined ? {} : { resource: request.resource }),
      ...(request.requestResource === undefined ? {} : { requestResource: request.requestResource }),
    });
    if (!decision.allowed) {
      throw new FirestoreError(status.PERMISSION_DENIED, 'Missing or insufficient permissions.');
    }
  };
  const checkIndexes: IndexCheck | undefined = indexes
    ? (database, query, allDescendants) => {
        const collectionGroup = query.from?.[0]?.collectionId ?? '';
        const missing = missingIndex(query, collectionGroup, allDescendants, indexes);
        if (missing) {
          throw new FirestoreError(
            status.FAILED_PRECONDITION,
            missingIndexMessage(missing, database.projectId, database.databaseId),
          );
        }
      }
    : undefined;

  const hotDocuments = options.hotDocuments ? new HotDocuments(options.hotDocuments) : undefined;
  const service = new FirestoreService({
    authorize,
    ...(checkIndexes ? { checkIndexes } : {}),
    ...(hotDocuments ? { hotDocuments } : {}),
  });
  const faults = new FaultPlan();
  const triggers = firestoreTriggers(service.changes, {
    ...(options.functionsEmulator === undefined ? {} : { functionsEmulator: options.functionsEmulator }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });

  const server = await servePort({
    host: options.host ?? '127.0.0.1',
    port: options.port,
    service,
    faults,
    streams: { listen: serveListen(service, faults) as never, write: serveWrite(service, faults) as never },
    route: httpRoutes({ service, faults, rulesByProject, identity: options.identity ?? {}, triggers: triggers.route }),
  });
  return {
    host: server.host,
    port: server.port,
    get hotDocuments() {
      return service.options.hotDocuments?.options ?? false;
    },
    clear: () => service.state.clear(),
    triggersIdle: () => triggers.delivery?.idle() ?? Promise.resolve(),
    onCommit: (listener) => onCommit(service, listener),
    write: async (projectId, path, data) => {
      const { database, name } = defaultDatabase(projectId);
      await service.commit({ database, writes: [setOrDelete(name(path), data)] }, ADMIN);
    },
    stop: () => server.stop(),
  };
}

/** Calls `listener` after every commit that changed something, until the answer is called. */
function onCommit(service: FirestoreService, listener: Parameters<FirestoreEmulator['onCommit']>[0]): () => void {
  const forward = (change: Change) => {
    const { projectId, databaseId } = change.database.name;
    const at = (time: bigint) => ({ seconds: Number(time / 1_000_000n), nanos: Number(time % 1_000_000n) * 1000 });
    listener({
      projectId,
      databaseId,
      paths: [...change.paths],
      time: at(change.time),
      before: at(change.time - 1n),
    });
  };
  service.changes.on('change', forward);
  return () => service.changes.off('change', forward);
}
