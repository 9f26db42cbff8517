/**
 * The emulator's HTTP endpoints (README: the table of endpoints): the readiness probe, the
 * identity, clearing a project's data, loading a project's rules (the official emulator's two),
 * the Functions emulator's trigger registrations (triggers.ts), and ours: the fault plan, the
 * open transactions and the hot-document model's switch.
 */
import type http from 'node:http';
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';
import type { FaultPlan } from './faults.js';
import { describeHotDocuments, HotDocuments, parseHotDocuments } from './hot-documents.js';
import { compileRules, RulesError, type CompiledRules } from './rules/index.js';
import type { HttpRoute } from './server.js';
import type { FirestoreService } from './service.js';
import type { TriggerRoute } from './triggers.js';

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

/** The routes over the emulator's parts; `rulesByProject` receives the rules loaded over HTTP. */
export function httpRoutes(parts: {
  service: FirestoreService;
  faults: FaultPlan;
  rulesByProject: Map<string, CompiledRules>;
  identity: Record<string, unknown>;
  triggers: TriggerRoute;
}): HttpRoute {
  const { service, faults, rulesByProject, identity } = parts;
  return (request: http.IncomingMessage, body: string) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathname = url.pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET' && pathname === '/') return { status: 200, body: 'Ok' };
    const trigger = parts.triggers(method, url, () => parseJson(body));
    if (trigger) return trigger;
    if (method === 'GET' && pathname === '/emulator/v1/identity') return { status: 200, body: identity };
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
    if (pathname === '/emulator/v1/hotDocuments') {
      if (method === 'PUT') switchHotDocuments(service, parseJson(body));
      else if (method !== 'GET') return undefined;
      return { status: 200, body: { hotDocuments: describeHotDocuments(service.options.hotDocuments?.options) } };
    }
    return undefined;
  };
}

/**
 * Turns the hot-document model on, changes it or turns it off while the emulator runs, as
 * `FIRESTORE_HOT_DOCUMENTS` spells it (`{"model": "production"}`, `"off"`, `"1,5,2000"`), so that
 * one running stack serves the suites with and without it, one after another. Commits already
 * waiting keep the turn they were given.
 */
function switchHotDocuments(service: FirestoreService, body: unknown): void {
  const model = (body as { model?: unknown } | null)?.model;
  if (typeof model !== 'string') {
    throw new FirestoreError(
      status.INVALID_ARGUMENT,
      'Expected {"model": "production" | "off" | "perSecond,burst,maxWaitMs"}',
    );
  }
  let options;
  try {
    options = parseHotDocuments(model);
  } catch (error) {
    throw new FirestoreError(status.INVALID_ARGUMENT, (error as Error).message);
  }
  if (options) service.options.hotDocuments = new HotDocuments(options);
  else delete service.options.hotDocuments;
}
