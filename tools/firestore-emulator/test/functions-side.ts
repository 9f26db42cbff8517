/**
 * The Functions emulator's side of Firestore triggers, from firebase-tools' own code where it can
 * be called alone, for the trigger tests:
 *
 * - registration: firebase-tools turns a function's manifest entry (firebase-functions'
 *   `__endpoint`) into its definition (`emulatedFunctionsFromEndpoints`) and registers it with
 *   the Firestore emulator it finds in its registry (`FunctionsEmulator#addFirestoreTrigger`);
 * - delivery: an HTTP server at `/functions/projects/{p}/triggers/{key}` that does what the
 *   Functions emulator's hub (base64 → bytes for protobuf bodies) and its runtime (the `ce-*`
 *   headers → the event, through firebase-tools' `EventUtils`; a 1st-gen body → data and
 *   context) do, then runs the real firebase-functions function.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

/** A firebase-functions function, 1st or 2nd gen, as the SDK builds it. */
export type SdkFunction = ((...args: unknown[]) => unknown) & { __endpoint: Record<string, unknown> };

interface Definition {
  id: string;
  platform: string;
  eventTrigger: unknown;
}

const shared = require('firebase-tools/lib/emulator/functionsEmulatorShared.js') as {
  emulatedFunctionsFromEndpoints(endpoints: unknown[]): Definition[];
  getSignatureType(definition: Definition): string;
};
const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator.js') as {
  FunctionsEmulator: { prototype: Record<string, (...args: unknown[]) => unknown> };
};
const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry.js') as {
  EmulatorRegistry: { set(name: string, instance: unknown): void; clear(name: string): void };
};
const { EventUtils } = require('firebase-tools/lib/emulator/events/types.js') as {
  EventUtils: {
    isBinaryCloudEvent(req: unknown): boolean;
    extractBinaryCloudEventContext(req: unknown): Record<string, unknown>;
  };
};

/** One request the Firestore emulator sent, as it arrived. */
export interface Received {
  key: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FunctionsSide {
  /** `host:port`, for the Firestore emulator's `functionsEmulator`. */
  address: string;
  received: Received[];
  /** Registers `fn` under `name` with the Firestore emulator at `firestore` as firebase-tools does; answers its key. */
  register(
    firestore: { host: string; port: number },
    projectId: string,
    name: string,
    fn: SdkFunction,
  ): Promise<string>;
  /** Decides how the next requests are answered (default: run the function, 200, or 500 when it throws). */
  answer: (received: Received, index: number) => 'run' | 'drop' | number;
  close(): Promise<void>;
}

/** What the Functions emulator's runtime hands a function: the event (2nd gen) or data and context (1st gen). */
function runtimeArguments(request: http.IncomingMessage, raw: Buffer): unknown[] {
  const headers = request.headers;
  const req = { headers, header: (name: string) => headers[name.toLowerCase()] };
  if (EventUtils.isBinaryCloudEvent(req)) {
    // The hub: a protobuf body comes base64-encoded; the runtime: bodyParser.raw hands the bytes.
    const bytes = String(headers['content-type']).includes('application/protobuf')
      ? Buffer.from(raw.toString(), 'base64')
      : raw;
    const event = EventUtils.extractBinaryCloudEventContext(req);
    event.data = bytes;
    return [event];
  }
  const body = JSON.parse(raw.toString()) as { data: unknown; context: { resource?: { name?: string } | string } };
  const context = body.context;
  if (typeof context.resource === 'object' && context.resource.name) context.resource = context.resource.name;
  return [body.data, context];
}

export async function startFunctionsSide(): Promise<FunctionsSide> {
  const functions = new Map<string, SdkFunction>();
  const received: Received[] = [];
  const side = { answer: (() => 'run') as FunctionsSide['answer'] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = decodeURIComponent((request.url ?? '').replace(/^\/functions\/projects\/[^/]+\/triggers\//, ''));
      const entry: Received = { key, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      const fn = functions.get(key);
      const decision = side.answer(entry, received.length - 1);
      if (decision === 'drop') return void request.socket.destroy();
      if (typeof decision === 'number') return void response.writeHead(decision).end();
      if (!fn) return void response.writeHead(404).end(`Function ${key} does not exist`);
      Promise.resolve()
        .then(() => fn(...runtimeArguments(request, entry.body)))
        .then(
          () => response.writeHead(200).end('{"status":"acknowledged"}'),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const register: FunctionsSide['register'] = async (firestore, projectId, name, fn) => {
    const endpoint = { ...fn.__endpoint, id: name, entryPoint: name, region: 'asia-south1', project: projectId };
    const [definition] = shared.emulatedFunctionsFromEndpoints([endpoint]);
    if (!definition) throw new Error(`firebase-tools does not emulate ${name}`);
    const key = `${definition.id}-0`; // FunctionsEmulator#getTriggerKey: the id and the generation
    const logger = { log: () => undefined };
    const emulator = Object.assign(Object.create(FunctionsEmulator.prototype) as object, { logger });
    EmulatorRegistry.set('firestore', {
      getName: () => 'firestore',
      getInfo: () => ({ name: 'firestore', ...firestore }),
    });
    try {
      const addFirestoreTrigger = FunctionsEmulator.prototype.addFirestoreTrigger as (
        ...args: unknown[]
      ) => Promise<boolean>;
      const added = await addFirestoreTrigger.call(
        emulator,
        projectId,
        key,
        definition.eventTrigger,
        shared.getSignatureType(definition),
      );
      if (!added) throw new Error(`firebase-tools did not register ${name}`);
    } finally {
      EmulatorRegistry.clear('firestore');
    }
    functions.set(key, fn);
    return key;
  };

  return Object.assign(side, {
    address: `127.0.0.1:${port}`,
    received,
    register,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
