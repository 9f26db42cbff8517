/**
 * Where the local stack lives, read from the files firebase-tools reads: the ports and host
 * of each emulator from `firebase.json`, the project id from `.firebaserc`. The functions'
 * region comes from the functions' own settings (`brand.ts`). Nothing else in the repository
 * writes these values out.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';

// A string, not a URL object: under jsdom (the web's tests) `URL` is not Node's.
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function readJson(file: string): unknown {
  const path = join(repoRoot, file);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`Reading ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const serviceNames = ['auth', 'functions', 'firestore', 'hosting', 'hub'] as const;
type Service = (typeof serviceNames)[number];

/** The emulators' host and ports as `firebase.json` declares them (all on one host). */
export function emulatorSettings(firebaseJson: unknown): { host: string; ports: Record<Service, number> } {
  const emulators =
    (firebaseJson as { emulators?: Record<string, { host?: unknown; port?: unknown }> }).emulators ?? {};
  const hosts = new Set<string>();
  const ports = {} as Record<Service, number>;
  for (const name of serviceNames) {
    const entry = emulators[name];
    if (typeof entry?.port !== 'number' || typeof entry.host !== 'string') {
      throw new Error(`firebase.json: emulators.${name} needs a "host" and a numeric "port"`);
    }
    hosts.add(entry.host);
    ports[name] = entry.port;
  }
  if (hosts.size !== 1)
    throw new Error(`firebase.json: the emulators must share one host (found ${[...hosts].join(', ')})`);
  return { host: [...hosts][0] as string, ports };
}

/** The default project of `.firebaserc`. */
export function defaultProject(firebaserc: unknown): string {
  const projectId = (firebaserc as { projects?: { default?: unknown } }).projects?.default;
  if (typeof projectId !== 'string' || projectId === '') throw new Error('.firebaserc: projects.default is missing');
  return projectId;
}

/**
 * Which Firestore emulator the stack runs: ours (the default) or Google's, the Cloud SDK's
 * (`STACK_FIRESTORE=official`, the second judge of docs/testing.md; it must be installed).
 */
export type FirestoreKind = 'ours' | 'official';

export function firestoreKind(value: string | undefined): FirestoreKind {
  if (value === undefined || value === '' || value === 'ours') return 'ours';
  if (value === 'official') return 'official';
  throw new Error(`STACK_FIRESTORE: "ours" (the default) or "official" (Google's emulator), not "${value}"`);
}

/**
 * The rules the local stack's Firestore judges clients by, and the tests' (this repository's own:
 * no client gets anything). firebase.json names no rules file, so that no deploy sends these to
 * the shared project, whose rules are the app's (docs/deploying.md, step 0): every Firestore of
 * ours loads them from here (stack.ts; Google's emulator of firebase-tools through
 * load-local-rules.ts).
 */
export const LOCAL_RULES_FILE = 'firestore.rules';

/** firebase.json as read when the stack's tools load. */
export const firebaseJson: unknown = readJson('firebase.json');

const emulators = emulatorSettings(firebaseJson);

/**
 * Which of the machine's local stacks this process works with (`DAYFOCUS_STACK_SLOT`): 0 (unset),
 * the stack of `npm run dev` and of the test suites, on firebase.json's ports with .firebaserc's
 * project; 1 or more, another stack beside it, whose every port is ten a slot higher, whose project
 * id ends in `-{slot}` and whose functions read their env files from a folder of its own
 * (`functionsConfigDir`). `npm test` runs the lanes that change a whole stack on slot 1, beside the
 * suites on slot 0 (docs/testing.md). Everything that finds a stack reads it here, so a process
 * and all it starts work with one slot.
 */
export function stackSlot(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const slot = Number(value);
  if (!Number.isInteger(slot) || slot < 0 || slot > 9)
    throw new Error(`DAYFOCUS_STACK_SLOT: a whole number from 0 to 9, not "${value}"`);
  return slot;
}

const slot = stackSlot(process.env.DAYFOCUS_STACK_SLOT);
/** How much higher a slot's ports are than the last slot's. */
const SLOT_PORT_STEP = 10;
const slotted = (port: number) => port + slot * SLOT_PORT_STEP;
/** A name on the stack's slot: as it is on slot 0, `{name}-{slot}` on another (its project, files). */
const slotName = (name: string) => (slot === 0 ? name : `${name}-${slot}`);
/** .firebaserc's project: slot 0's, and the stem of the other slots'. */
export const slotZeroProjectId = defaultProject(readJson('.firebaserc'));

export const stack = {
  slot,
  projectId: slotName(slotZeroProjectId),
  host: emulators.host,
  ports: Object.fromEntries(Object.entries(emulators.ports).map(([name, port]) => [name, slotted(port)])) as Record<
    Service,
    number
  >,
  /**
   * The folder (from the repository's root) of the functions' env files: `functions` on slot 0;
   * on another slot, one of its own, its values the slot's (function-params.ts).
   */
  functionsConfigDir: slot === 0 ? 'functions' : join('.artifacts', `stack-${slot}`, 'functions'),
  /** The ports firebase.json names that the stack does not serve (storage, logging), shifted alike. */
  slotted,
  slotName,
  region: FUNCTIONS_REGION,
  firestore: firestoreKind(process.env.STACK_FIRESTORE),
  /**
   * Workers (Node processes) the Functions emulator may run per function; further
   * concurrent requests queue, as on a production instance. See patches/firebase-tools*.
   */
  functionsMaxWorkers: Number(process.env.FUNCTIONS_EMULATOR_MAX_WORKERS ?? 6),
  /**
   * Requests a worker runs at once, at most (and at most the function's production concurrency):
   * the local Firestore and Auth share the machine's processors with the functions, so a request's
   * wait for them is spent inside its function and counts against its timeout, where production's
   * Firestore works elsewhere. See patches/firebase-tools* and docs/local-stack.md.
   */
  functionsWorkerConcurrency: Number(process.env.FUNCTIONS_EMULATOR_WORKER_CONCURRENCY ?? 8),
  /**
   * Whether a worker runs every function (true, the default) or one function (false, as upstream
   * and as production, where each function has instances of its own). A start loads the whole
   * codebase, a second or more of processor time, and the tests call some eighty functions; see
   * patches/firebase-tools* and docs/local-stack.md.
   */
  functionsSharedWorkers: process.env.FUNCTIONS_EMULATOR_SHARED_WORKERS !== 'false',
  /**
   * Whether the stack serves the build in place instead of building first
   * (`DAYFOCUS_DEV_PREBUILT=1`): `npm test` builds once, in a stage of its own, and its stacks, the
   * lifecycle tests' `npm run dev` and Google's lane under `.ci/run` take that build.
   */
  builtInPlace: process.env.DAYFOCUS_DEV_PREBUILT === '1',
} as const;

export const urls = {
  auth: `http://${stack.host}:${stack.ports.auth}`,
  /** The callables' and HTTP functions' base: `{functions}/{name}`. */
  functions: `http://${stack.host}:${stack.ports.functions}/${stack.projectId}/${stack.region}`,
  firestore: `http://${stack.host}:${stack.ports.firestore}`,
  hosting: `http://${stack.host}:${stack.ports.hosting}`,
  hub: `http://${stack.host}:${stack.ports.hub}`,
} as const;

/** Environment that points the Admin SDK (and anything else Google) at the local stack. */
export const emulatorEnv = {
  FIRESTORE_EMULATOR_HOST: `${stack.host}:${stack.ports.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `${stack.host}:${stack.ports.auth}`,
  GCLOUD_PROJECT: stack.projectId,
  // No Google metadata server here; asking for one only delays and warns.
  METADATA_SERVER_DETECTION: 'none',
} as const;

/**
 * The local stack's mail provider for the e-mail proof (email-issuer-servers.ts): the issuer, the
 * domain whose addresses it vouches for, and its fixed ports on the stack's host (HTTP for its
 * documents and issuance, UDP for the DNS server that names it), which the Functions emulator is
 * told (local-email-issuer.ts) and the tests' tokens are issued at.
 */
export const localEmailIssuer = {
  issuer: 'issuer.dayfocus.test',
  domain: 'mail.dayfocus.test',
  httpPort: slotted(9495),
  dnsPort: slotted(9495),
} as const;

export const demoInviter = {
  uid: 'demo-inviter',
  email: 'asha.demo@dayfocus.test',
  password: 'demo-password',
  name: 'Asha Verma',
  profileImage: `${urls.hosting}/images/demo-inviter.svg`,
  fcmToken: 'dev-demo-inviter-device',
} as const;

export function inviteLink(inviterId: string, language = 'en'): string {
  return `${urls.hosting}/feedback/${encodeURIComponent(inviterId)}/${language}`;
}

/** The JSON a stack emulator answers at `url` (within 2 s), or undefined where nothing answers it. */
export async function emulatorJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
