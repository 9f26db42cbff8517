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
 */
import type http from 'node:http';
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import { FaultPlan } from './faults.js';
import { missingIndex, missingIndexMessage, parseIndexConfig, type IndexConfig } from './indexes.js';
import { compileRules, evaluateRules, RulesError, type CompiledRules } from './rules/index.js';
import { servePort, type HttpRoute } from './server.js';
import type { Authorize, IndexCheck } from './context.js';
import { FirestoreService } from './service.js';
import { serveListen, serveWrite } from './streams.js';

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
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  /** Deletes every document of every project. */
  clear(): void;
  /** Closes the port and every open connection. */
  stop(): Promise<void>;
}

const CLEAR_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;
const RULES_PATH = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/;

function decodeSegment(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined; // a malformed escape: answered 404 like any unknown path
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new FirestoreError(status.INVALID_ARGUMENT, 'The request body is not JSON');
  }
}

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

  const service = new FirestoreService({ authorize, ...(checkIndexes ? { checkIndexes } : {}) });
  const faults = new FaultPlan();

  const route: HttpRoute = (request: http.IncomingMessage, body: string) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET' && pathname === '/') return { status: 200, body: 'Ok' };
    if (method === 'GET' && pathname === '/emulator/v1/identity') return { status: 200, body: options.identity ?? {} };
    const clearProject = method === 'DELETE' ? decodeSegment(CLEAR_PATH.exec(pathname)?.[1]) : undefined;
    if (clearProject) {
      service.state.clear(clearProject);
      return { status: 200, body: {} };
    }
    const rulesProject = method === 'PUT' ? decodeSegment(RULES_PATH.exec(pathname)?.[1]) : undefined;
    if (rulesProject) {
      const files = (parseJson(body) as { rules?: { files?: { content?: unknown }[] } }).rules?.files ?? [];
      const content = files[0]?.content;
      if (typeof content !== 'string') {
        throw new FirestoreError(status.INVALID_ARGUMENT, 'Expected {"rules": {"files": [{"content": "..."}]}}');
      }
      try {
        rulesByProject.set(rulesProject, compileRules(content));
      } catch (error) {
        // The official emulator answers 400 with the problem; rules-unit-testing shows that text.
        if (error instanceof RulesError) throw new FirestoreError(status.INVALID_ARGUMENT, error.message);
        throw error;
      }
      return { status: 200, body: {} };
    }
    if (method === 'GET' && pathname === '/emulator/v1/transactions') {
      return { status: 200, body: { transactions: service.transactions.describeOpen() } };
    }
    if (pathname === '/emulator/v1/faults') {
      if (method === 'POST') faults.set(parseJson(body));
      else if (method === 'DELETE') faults.clear();
      else if (method !== 'GET') return undefined;
      return { status: 200, body: faults.describe() };
    }
    return undefined;
  };

  const server = await servePort({
    host: options.host ?? '127.0.0.1',
    port: options.port,
    service,
    faults,
    streams: { listen: serveListen(service, faults) as never, write: serveWrite(service, faults) as never },
    route,
  });
  return {
    host: server.host,
    port: server.port,
    clear: () => service.state.clear(),
    stop: () => server.stop(),
  };
}
