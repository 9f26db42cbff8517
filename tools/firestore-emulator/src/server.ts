/**
 * The gRPC side of the port (port.ts): the handler of each method of the Firestore service, who
 * the caller of a request is, and how an error reaches the client.
 */
import type http from 'node:http';
import {
  Metadata,
  status,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedHandleCall,
} from '@grpc/grpc-js';
import type { Caller } from './context.js';
import { FirestoreError } from './errors.js';
import type { FaultPlan } from './faults.js';
import type { FirestoreService } from './service.js';

/**
 * The largest message grpc-js takes in. Production's limit (10 MiB) is checked by the service
 * with production's error; above this, grpc-js refuses the message (RESOURCE_EXHAUSTED) itself.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export type HttpRoute = (
  request: http.IncomingMessage,
  body: string,
) => { status: number; body: unknown; contentType?: string } | undefined;

/** The caller of a gRPC request, from its credentials (the emulator checks no signature). */
export function callerOf(metadata: Metadata): Caller {
  const header = metadata.get('authorization')[0];
  const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : undefined;
  if (token === 'owner') return { admin: true, auth: null };
  const claims = token ? decodeJwtPayload(token) : undefined;
  const uid = claims?.['user_id'] ?? claims?.['sub'];
  return { admin: false, auth: claims && typeof uid === 'string' ? { uid, token: claims } : null };
}

function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return decoded && typeof decoded === 'object' ? (decoded as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A thrown error as a gRPC status: ours keep their code, anything else is INTERNAL. */
export function grpcError(error: unknown): { code: number; details: string } {
  if (error instanceof FirestoreError) return { code: error.code, details: error.message };
  return { code: status.INTERNAL, details: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** What a request is about, for faults aimed with `match`: the documents it names, or its parent. */
export function namesOf(request: unknown): string[] {
  const r = (request ?? {}) as {
    database?: string;
    parent?: string;
    collectionId?: string;
    documents?: string[];
    writes?: { update?: { name?: string }; delete?: string; transform?: { document?: string } }[];
  };
  const names = [...(r.documents ?? [])];
  for (const write of r.writes ?? []) {
    const name = write.update?.name ?? write.delete ?? write.transform?.document;
    if (name) names.push(name);
  }
  if (r.parent) names.push(r.collectionId ? `${r.parent}/${r.collectionId}` : r.parent);
  if (r.database) names.push(r.database);
  return names;
}

type Unary = (request: never, caller: Caller) => unknown;
type Streaming = (request: never, caller: Caller) => unknown[];

/**
 * One call through the fault plan: `before` (its fault, or how long to wait first), the call
 * itself (its result, or a promise of it: a commit waiting for its turn, hot-documents.ts),
 * `after` (its answer, and how long to wait before giving it), each failure to `fail`. Without
 * a slow call planned or a promise, everything happens at once, as before there were slow calls.
 */
function slowly<R>(
  before: () => number,
  run: () => R,
  after: (result: Awaited<R>) => { wait: number; answer: () => void },
  fail: (error: unknown) => void,
): void {
  const later = (ms: number, then: () => void) => (ms > 0 ? setTimeout(then, ms) : then());
  const finish = (result: Awaited<R>) => {
    try {
      const { wait, answer } = after(result);
      later(wait, answer);
    } catch (error) {
      fail(error);
    }
  };
  try {
    later(before(), () => {
      try {
        const result = run();
        if (result instanceof Promise) (result as Promise<Awaited<R>>).then(finish, fail);
        else finish(result as Awaited<R>);
      } catch (error) {
        fail(error);
      }
    });
  } catch (error) {
    fail(error);
  }
}

/** The grpc-js handlers of the Firestore service, each passing faults first. */
export function handlers(
  service: FirestoreService,
  faults: FaultPlan,
  streams: {
    listen: (call: ServerDuplexStream<unknown, unknown>) => void;
    write: (call: ServerDuplexStream<unknown, unknown>) => void;
  },
): Record<string, UntypedHandleCall> {
  const unary =
    (method: string, run: Unary) =>
    (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
      const names = namesOf(call.request);
      slowly(
        () => faults.before(method, names),
        () => run(call.request as never, callerOf(call.metadata)),
        (response) => ({ wait: faults.after(method, names), answer: () => callback(null, response) }),
        (error) => callback(grpcError(error)),
      );
    };
  const streaming =
    (method: string, run: Streaming) =>
    (call: ServerWritableStream<unknown, unknown>): void => {
      const names = namesOf(call.request);
      slowly(
        () => faults.before(method, names),
        () => run(call.request as never, callerOf(call.metadata)),
        (responses) => {
          const answer = () => {
            for (const response of responses) call.write(response);
            call.end();
          };
          return { wait: faults.after(method, names), answer };
        },
        (error) => call.emit('error', grpcError(error)),
      );
    };
  const unimplemented = (method: string) => (_call: unknown, callback: sendUnaryData<unknown>) =>
    callback({ code: status.UNIMPLEMENTED, details: `${method} is not implemented by this emulator` });

  return {
    GetDocument: unimplemented('GetDocument'),
    UpdateDocument: unimplemented('UpdateDocument'),
    DeleteDocument: unimplemented('DeleteDocument'),
    CreateDocument: unimplemented('CreateDocument'),
    ExecutePipeline: (call: ServerWritableStream<unknown, unknown>) =>
      call.emit('error', { code: status.UNIMPLEMENTED, details: 'Pipelines are not implemented by this emulator' }),
    BeginTransaction: unary('BeginTransaction', (request, _caller) => service.beginTransaction(request)),
    Commit: unary('Commit', (request, caller) => service.commit(request, caller)),
    Rollback: unary('Rollback', (request) => service.rollback(request)),
    BatchWrite: unary('BatchWrite', (request, caller) => service.batchWrite(request, caller)),
    ListDocuments: unary('ListDocuments', (request, caller) => service.listDocuments(request, caller)),
    ListCollectionIds: unary('ListCollectionIds', (request, caller) => service.listCollectionIds(request, caller)),
    PartitionQuery: unary('PartitionQuery', (request) => service.partitionQuery(request)),
    BatchGetDocuments: streaming('BatchGetDocuments', (request, caller) => service.batchGetDocuments(request, caller)),
    RunQuery: streaming('RunQuery', (request, caller) => service.runQuery(request, caller)),
    RunAggregationQuery: streaming('RunAggregationQuery', (request, caller) =>
      service.runAggregationQuery(request, caller),
    ),
    Listen: streams.listen as UntypedHandleCall,
    Write: streams.write as UntypedHandleCall,
  };
}
