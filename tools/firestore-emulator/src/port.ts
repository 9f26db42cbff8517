/**
 * One port for everything, as the official emulator: gRPC (the Firestore API) and a few HTTP
 * endpoints. A plain TCP server peeks at each connection's first bytes: the HTTP/2 preface
 * goes to grpc-js (handed over through its connection injector, no second port, no copying),
 * anything else to a small HTTP/1.1 server.
 */
import http from 'node:http';
import net from 'node:net';
import { Server, ServerCredentials, status } from '@grpc/grpc-js';
import type { FaultPlan } from './faults.js';
import { firestoreServiceDefinition } from './proto.js';
import { grpcError, handlers, MAX_MESSAGE_BYTES, type HttpRoute } from './server.js';
import type { FirestoreService } from './service.js';

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

  const restServer = httpServer(options.route);
  const sockets = new Set<net.Socket>();
  const tcpServer = net.createServer((socket) => sortConnection(socket, sockets, injector, restServer));
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

/** The HTTP/1.1 server of the endpoints: a route's answer, 404 where none answers, 400/500 on errors. */
function httpServer(route: HttpRoute): http.Server {
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let answer: ReturnType<HttpRoute>;
      try {
        answer = route(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        const { code, details } = grpcError(error);
        const refused = code === status.INVALID_ARGUMENT || code === status.FAILED_PRECONDITION;
        answer = { status: refused ? 400 : 500, body: { error: { code, message: details } } };
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
}

/**
 * Peeks at a new connection's first bytes: the HTTP/2 preface goes to grpc-js through its
 * connection injector, anything else to the HTTP server.
 */
function sortConnection(
  socket: net.Socket,
  sockets: Set<net.Socket>,
  injector: ReturnType<Server['createConnectionInjector']>,
  restServer: http.Server,
): void {
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
}
