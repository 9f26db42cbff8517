/**
 * One port for everything, as the official emulator: gRPC (the Firestore API) and a few HTTP
 * endpoints. A plain TCP server peeks at each connection's first bytes: the HTTP/2 preface
 * goes to grpc-js (handed over through its connection injector, no second port, no copying),
 * anything else to a small HTTP/1.1 server.
 */
import http from 'node:http';
import net from 'node:net';
import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedHandleCall,
} from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import type { FaultPlan } from './faults.js';
import { firestoreServiceDefinition } from './proto.js';
import type { Caller } from './context.js';
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
 * itself (its answer, and how long to wait before giving it), each failure to `fail`. Without
 * a slow call planned, everything happens at once, as before there were slow calls.
 */
function slowly(
  before: () => number,
  run: () => { wait: number; answer: () => void },
  fail: (error: unknown) => void,
): void {
  const later = (ms: number, then: () => void) => (ms > 0 ? setTimeout(then, ms) : then());
  try {
    later(before(), () => {
      try {
        const { wait, answer } = run();
        later(wait, answer);
      } catch (error) {
        fail(error);
      }
    });
  } catch (error) {
    fail(error);
  }
}

/** The grpc-js handlers of the Firestore service, each passing faults first. */
function handlers(
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
        () => {
          const response = run(call.request as never, callerOf(call.metadata));
          return { wait: faults.after(method, names), answer: () => callback(null, response) };
        },
        (error) => callback(grpcError(error)),
      );
    };
  const streaming =
    (method: string, run: Streaming) =>
    (call: ServerWritableStream<unknown, unknown>): void => {
      const names = namesOf(call.request);
      slowly(
        () => faults.before(method, names),
        () => {
          const responses = run(call.request as never, callerOf(call.metadata));
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

export interface PortServer {
  host: string;
  port: number;
  stop(): Promise<void>;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');

/** Serves the service's gRPC API and the HTTP routes on one port. */
export async function servePort(options: {
  host: string;
  port: number;
  service: FirestoreService;
  faults: FaultPlan;
  streams: Parameters<typeof handlers>[2];
  route: HttpRoute;
}): Promise<PortServer> {
  const grpcServer = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': -1,
  });
  grpcServer.addService(firestoreServiceDefinition(), handlers(options.service, options.faults, options.streams));
  const injector = grpcServer.createConnectionInjector(ServerCredentials.createInsecure());

  const restServer = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let answer: ReturnType<HttpRoute>;
      try {
        answer = options.route(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        const { code, details } = grpcError(error);
        answer = { status: code === status.INVALID_ARGUMENT ? 400 : 500, body: { error: { code, message: details } } };
      }
      answer ??= {
        status: 404,
        body: {
          error: {
            code: 404,
            message: `${request.method ?? 'GET'} ${request.url ?? '/'} is not supported by this emulator`,
            status: 'NOT_FOUND',
          },
        },
      };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status, {
        'content-type':
          answer.contentType ??
          (typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
        'content-length': Buffer.byteLength(text),
      });
      response.end(text);
    });
  });

  const sockets = new Set<net.Socket>();
  const tcpServer = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy()); // a client resetting ends just its connection
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const length = Math.min(received.length, HTTP2_PREFACE.length);
      const isHttp2 = received.subarray(0, length).equals(HTTP2_PREFACE.subarray(0, length));
      if (isHttp2 && received.length < HTTP2_PREFACE.length) return; // the whole preface first
      // Handed over with the peeked bytes put back, paused so that nothing is emitted before
      // the new owner listens.
      socket.off('data', onData);
      socket.pause();
      socket.unshift(received);
      if (isHttp2) injector.injectConnection(socket);
      else {
        restServer.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    tcpServer.once('error', reject);
    tcpServer.listen(options.port, options.host, () => {
      tcpServer.off('error', reject);
      resolve();
    });
  });
  const address = tcpServer.address() as net.AddressInfo;

  let stopping: Promise<void> | undefined;
  return {
    host: options.host,
    port: address.port,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        tcpServer.close(() => resolve());
        injector.destroy();
        grpcServer.forceShutdown();
        restServer.close();
        restServer.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      })),
  };
}
