/**
 * What `firebase deploy` would create, read the way firebase-tools reads it: the built
 * functions' own discovery endpoint, outside the emulator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { functionRows } from '@dayfocus/contracts/functions';
import { discoverFunctions, packedForDiscovery, type Manifest } from '../discovery.js';

const functionsDir = join(__dirname, '../..');
const stops: (() => void)[] = [];
let packed: string;
const discover = (userEnv: Record<string, string> = {}) => discoverFunctions(packed, userEnv, stops);
let manifest: Manifest;
/** Discovered with the removed `dynamic-links` provider still named, as an old env file may. */
let withProvider: Manifest;

beforeAll(async () => {
  packed = await packedForDiscovery(stops);
  [manifest, withProvider] = await Promise.all([discover(), discover({ LINK_PROVIDER: 'dynamic-links' })]);
  // The pack and two loads of the codebase: 12 s alone (4.5 processor-seconds); 52 to 70 s for the
  // file in fresh runs of a slow day, every stage beside it, and past 60 s once (2026-12-02), where
  // 60 s ended it. A bound, as deploy-package.test.ts's for the same work and an install.
}, 300_000);

afterAll(() => stops.forEach((stop) => stop()));

/**
 * What the test expects is the manifest's (packages/contracts/src/functions.ts): a new function
 * is its row and its module, and nothing here names it again.
 */
const rows = functionRows();
const namesOf = (keep: (row: (typeof rows)[number]) => boolean): string[] => rows.filter(keep).map((row) => row.name);
/** The callables the web app reaches through Hosting's /api rewrites, and the mobile app's own. */
const webCallables = namesOf((row) => row.trigger === 'callable' && row.caller === 'web');
const appCallables = namesOf((row) => row.trigger === 'callable' && row.caller === 'app');

describe('the deployable functions (built lib/)', () => {
  it("are exactly the rows of the functions' manifest, each started as its row says, nothing of the local stack", () => {
    const startedBy = {
      callable: 'callableTrigger',
      http: 'httpsTrigger',
      auth: 'eventTrigger',
      firestore: 'eventTrigger',
      schedule: 'scheduleTrigger',
    } as const;
    expect(Object.keys(manifest.endpoints).sort()).toEqual(rows.map((row) => row.name).sort());
    for (const row of rows) expect(manifest.endpoints[row.name]).toHaveProperty(startedBy[row.trigger]);
    // Every callable is the web app's or the mobile app's.
    expect([...webCallables, ...appCallables].sort()).toEqual(namesOf((row) => row.trigger === 'callable').sort());
  });

  it("carry no file of local/: the package's entry point is lib/index.js, and the workspace's own refuses to load outside the emulator", async () => {
    const files = readdirSync(join(packed, 'lib'), { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.split(sep)[0] === 'local')).toEqual([]);
    expect(files).toContain('index.js');
    expect((JSON.parse(readFileSync(join(packed, 'package.json'), 'utf8')) as { main: string }).main).toBe(
      'lib/index.js',
    );
    // The workspace's main is the local stack's entry point: outside the emulator it refuses.
    await expect(discoverFunctions(functionsDir, {}, stops)).rejects.toThrow(/only in the Functions emulator/);
  });

  it("bind the mail codes' key to the three calls that digest codes, and no secret to the short links", () => {
    for (const discovered of [manifest, withProvider]) {
      expect(discovered.endpoints.createAppLink?.secretEnvironmentVariables ?? []).toEqual([]);
      expect((discovered.params ?? []).filter((p) => p.type === 'secret').map((p) => p.name)).toEqual([
        'MAIL_CODE_KEY',
      ]);
      const binding = Object.entries(discovered.endpoints)
        .filter(([, endpoint]) => (endpoint.secretEnvironmentVariables ?? []).some((s) => s.key === 'MAIL_CODE_KEY'))
        .map(([name]) => name);
      // The sign-up's one call sends the first mail, with its code (email-sign-up-flow.ts).
      expect(binding.sort()).toEqual(['confirmEmailWithCode', 'sendVerificationEmail', 'signUpWithEmail']);
    }
  });

  it('include every function a Hosting rewrite sends requests to, in the region the rewrite names', () => {
    const hosting = (
      JSON.parse(readFileSync(join(functionsDir, '../firebase.json'), 'utf8')) as {
        hosting: { rewrites: { source: string; function?: { functionId: string; region: string } }[] };
      }
    ).hosting;
    const targets = hosting.rewrites.flatMap((r) => (r.function ? [r.function] : []));
    // Each web callable at /api/{name}, and each HTTP function at each of its row's Hosting paths.
    const routed = rows.flatMap((row) =>
      webCallables.includes(row.name) ? [row.name] : (row.hosting ?? []).map(() => row.name),
    );
    expect(targets.map((t) => t.functionId).sort()).toEqual(routed.sort());
    for (const target of targets) {
      // The web app reaches every callable at /api/{name} on its own origin (no CORS preflight).
      const trigger = webCallables.includes(target.functionId) ? { callableTrigger: {} } : { httpsTrigger: {} };
      expect(manifest.endpoints[target.functionId]).toMatchObject({
        platform: 'gcfv2',
        ...trigger,
        region: [target.region],
      });
    }
    for (const name of webCallables) {
      expect(hosting.rewrites.find((r) => r.function?.functionId === name)?.source).toBe(`/api/${name}`);
    }
  });

  it(`all run in the region of brand.ts (${FUNCTIONS_REGION})`, () => {
    for (const endpoint of Object.values(manifest.endpoints)) expect(endpoint.region).toEqual([FUNCTIONS_REGION]);
  });

  it("each cap their instances at their manifest row's value, so that a runaway loop has a bill ceiling", () => {
    const deployed = Object.entries(manifest.endpoints).map(([name, endpoint]) => [name, endpoint.maxInstances]);
    const capOf = new Map<string, number>(rows.map((row) => [row.name, row.maxInstances]));
    expect(deployed).toEqual(deployed.map(([name]) => [name, capOf.get(name as string)]));
    expect(deployed.every(([, value]) => typeof value === 'number' && value > 0)).toBe(true);
  });

  it('refuse to load with an unknown App Check mode, so a typo cannot deploy without App Check', async () => {
    await expect(discover({ APP_CHECK_ENFORCEMENT: 'off' })).rejects.toThrow(
      'APP_CHECK_ENFORCEMENT must be "enforce" or "monitor", not "off"',
    );
  });

  it('are callables (v2) and account create/delete events (v1)', () => {
    const { endpoints } = manifest;
    for (const name of [...webCallables, ...appCallables]) {
      expect(endpoints[name]).toMatchObject({ platform: 'gcfv2', callableTrigger: {} });
    }
    expect(endpoints.onAccountCreated?.eventTrigger?.eventType).toBe('providers/firebase.auth/eventTypes/user.create');
    expect(endpoints.onAccountDeleted?.eventTrigger?.eventType).toBe('providers/firebase.auth/eventTypes/user.delete');
  });

  it("send each join's claimed push from a trigger on the join records that is never retried (the sweep does, with backoff)", () => {
    expect(manifest.endpoints.sendJoinPush).toMatchObject({
      platform: 'gcfv2',
      region: ['asia-south1'],
      eventTrigger: {
        eventType: 'google.cloud.firestore.document.v1.written',
        eventFilters: { database: '(default)', namespace: '(default)' },
        eventFilterPathPatterns: { document: '_friendJoins/{joinId}' },
        retry: false,
      },
    });
  });

  it('sweep owed pushes every five minutes, one run at a time', () => {
    expect(manifest.endpoints.sweepOwedPushes).toMatchObject({
      platform: 'gcfv2',
      scheduleTrigger: { schedule: 'every 5 minutes' },
      maxInstances: 1,
    });
  });
});
