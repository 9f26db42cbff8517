/**
 * The `Write` stream (the web SDK's writes): a first request without writes opens it (answered
 * with a stream id and token); each later one is committed as one batch and answered with its
 * results and a new token, in the order the requests came, even when a commit waits for its turn
 * (hot-documents.ts). An error ends the stream with its status, as production does.
 */
import { status, type ServerDuplexStream } from '@grpc/grpc-js';
import type { Caller } from './context.js';
import { FirestoreError } from './errors.js';
import type { FaultPlan } from './faults.js';
import type { Write } from './proto.js';
import { callerOf, grpcError, namesOf } from './server.js';
import type { FirestoreService } from './service.js';
import { streamDatabase } from './streams.js';

interface WriteRequest {
  database?: string;
  streamToken?: Buffer;
  writes?: Write[];
}

export function serveWrite(service: FirestoreService, faults: FaultPlan) {
  return (call: ServerDuplexStream<WriteRequest, object>): void => {
    const caller: Caller = callerOf(call.metadata);
    let database: string | undefined;
    const streamId = `stream-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    let sequence = 0;
    let open = false;
    let failed = false;
    const token = () => Buffer.from(String(++sequence));
    const fail = (error: unknown) => {
      failed = true;
      call.emit('error', grpcError(error));
    };
    /** Handles one request: at once, or a promise when its commit waits for its turn. */
    const handle = (request: WriteRequest): Promise<void> | undefined => {
      if (failed) return undefined;
      try {
        database ??= streamDatabase(request, call);
        if (!open) {
          if ((request.writes ?? []).length > 0) {
            throw new FirestoreError(
              status.INVALID_ARGUMENT,
              'The first request of a Write stream must have no writes',
            );
          }
          open = true;
          call.write({ streamId, streamToken: token() });
          return undefined;
        }
        const names = namesOf({ writes: request.writes });
        faults.before('Write', names);
        const committed = service.commit({ database, writes: request.writes ?? [] }, caller);
        const answer = ({ writeResults, commitTime }: Awaited<typeof committed>) => {
          faults.after('Write', names);
          call.write({ streamId, streamToken: token(), writeResults, commitTime });
        };
        if (!(committed instanceof Promise)) {
          answer(committed);
          return undefined;
        }
        return committed.then(answer).catch(fail);
      } catch (error) {
        fail(error);
        return undefined;
      }
    };
    // Requests that come while a commit waits queue behind it, so answers keep the requests' order.
    let queue: Promise<void> | undefined;
    let queued = 0;
    const settle = () => {
      if (--queued === 0) queue = undefined;
    };
    const enqueue = (next: () => Promise<void> | undefined) => {
      const waiting = queue ? queue.then(next) : next();
      if (!waiting) return;
      queued++;
      queue = waiting.finally(settle);
    };
    call.on('data', (request: WriteRequest) => enqueue(() => handle(request)));
    call.on('end', () => enqueue(() => void call.end()));
  };
}
