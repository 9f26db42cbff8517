/**
 * Local Firestore emulator for the offline stack.
 *
 * Runs @firestore-emulator/server (patched, see patches/@firestore-emulator__server@0.3.15.patch)
 * and serves, on the same port as its gRPC API, the parts of the official emulator's
 * REST interface that our tooling uses:
 *
 * - `GET /` answers `200 Ok` (readiness probe).
 * - `DELETE /emulator/v1/projects/{projectId}/databases/{database}/documents` clears
 *   every document of that project and answers `200 {}`.
 * - `GET /emulator/v1/identity` answers the `identity` it was started with (JSON), so that
 *   a tool can tell whose emulator holds the port before it uses it.
 *
 * The public port is a plain TCP server that peeks at the first bytes of each
 * connection: the HTTP/2 client preface goes to the gRPC server (handed over as is
 * through grpc-js' connection injector, no internal port and no copying), anything else
 * to a small HTTP/1.1 server.
 */
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import type { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';

export interface FirestoreEmulatorOptions {
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string;
  /** Port for gRPC and the REST endpoints; 0 picks a free port. */
  port: number;
  /** What `GET /emulator/v1/identity` answers (default `{}`): who started this emulator. */
  identity?: Record<string, unknown>;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  /** Deletes every document of every project. */
  clear(): void;
  /** Closes the port and every open connection. */
  stop(): Promise<void>;
}

/** The parts of @firestore-emulator/server (as patched) that we use. */
interface FirestoreServerLibrary {
  FirestoreServer: new () => {
    state: { clear(projectId?: string): void };
    /** The grpc-js server with the Firestore service registered (not bound to any port). */
    server: GrpcServer;
    stop(): void;
  };
}

// Load the CommonJS build (package "main", the file our patch edits) explicitly: a
// bundler-style resolver (vitest) would otherwise pick the untouched ESM build ("module").
// grpc-js is loaded from the library's location so that `ServerCredentials` is the very
// class the library's grpc-js checks with instanceof.
const requireFromHere = createRequire(import.meta.url);
const libraryPath = requireFromHere.resolve('@firestore-emulator/server');
const library = requireFromHere(libraryPath) as FirestoreServerLibrary;
const grpc = createRequire(libraryPath)('@grpc/grpc-js') as { ServerCredentials: typeof ServerCredentials };

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const CLEAR_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;

function pathnameOf(requestUrl: string | undefined): string {
  try {
    return new URL(requestUrl ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

function decodePathSegment(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined; // malformed escape: answered with 404 like any unknown path
  }
}

export async function startFirestoreEmulator(options: FirestoreEmulatorOptions): Promise<FirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  const firestore = new library.FirestoreServer();
  const grpcInjector = firestore.server.createConnectionInjector(grpc.ServerCredentials.createInsecure());

  const restServer = http.createServer((request, response) => {
    request.resume();
    const pathname = pathnameOf(request.url);
    const send = (status: number, contentType: string, body: string): void => {
      response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
      response.end(body);
    };
    const projectId = request.method === 'DELETE' ? decodePathSegment(CLEAR_PATH.exec(pathname)?.[1]) : undefined;
    if (request.method === 'GET' && pathname === '/') {
      send(200, 'text/plain; charset=utf-8', 'Ok');
    } else if (request.method === 'GET' && pathname === '/emulator/v1/identity') {
      send(200, 'application/json; charset=utf-8', JSON.stringify(options.identity ?? {}));
    } else if (projectId) {
      firestore.state.clear(projectId);
      send(200, 'application/json; charset=utf-8', '{}');
    } else {
      const message = `${request.method ?? 'GET'} ${pathname} is not supported by this emulator`;
      send(
        404,
        'application/json; charset=utf-8',
        JSON.stringify({ error: { code: 404, message, status: 'NOT_FOUND' } }),
      );
    }
  });

  const sockets = new Set<net.Socket>();
  const route = (socket: net.Socket): void => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const length = Math.min(received.length, HTTP2_PREFACE.length);
      const isHttp2 = received.subarray(0, length).equals(HTTP2_PREFACE.subarray(0, length));
      if (isHttp2 && received.length < HTTP2_PREFACE.length) return; // need the whole preface
      // Hand the connection over with the peeked bytes put back in front of the stream.
      // Paused, so that nothing is emitted before the new owner listens: an HTTP/2 session
      // read()s what is already buffered, the HTTP/1 server consumes 'data' events.
      socket.off('data', onData);
      socket.pause();
      socket.unshift(received);
      if (isHttp2) {
        grpcInjector.injectConnection(socket);
      } else {
        restServer.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  };

  const tcpServer = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // Errors (e.g. a client resetting the connection) end just that connection.
    socket.on('error', () => socket.destroy());
    route(socket);
  });

  await new Promise<void>((resolve, reject) => {
    tcpServer.once('error', reject);
    tcpServer.listen(options.port, host, () => {
      tcpServer.off('error', reject);
      resolve();
    });
  });
  const address = tcpServer.address() as net.AddressInfo;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      tcpServer.close(() => resolve());
      grpcInjector.destroy();
      firestore.stop();
      restServer.close();
      restServer.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    });
    return stopping;
  };

  return {
    host,
    port: address.port,
    clear: () => firestore.state.clear(),
    stop,
  };
}
