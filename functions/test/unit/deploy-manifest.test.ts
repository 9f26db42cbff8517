/**
 * What `firebase deploy` would create, read the way firebase-tools reads it: the built
 * functions' own discovery endpoint, outside the emulator.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const functionsDir = join(__dirname, '../..');
let manifest: { endpoints: Record<string, { region: string[]; platform: string; callableTrigger?: object; eventTrigger?: { eventType: string } }> };
let stopDiscovery: () => void = () => {};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), FUNCTIONS_CONTROL_API: 'true', GCLOUD_PROJECT: 'demo-dayfocus' };
  delete env.FUNCTIONS_EMULATOR;
  const child = spawn(join(functionsDir, 'node_modules/.bin/firebase-functions'), [functionsDir], { env, stdio: 'ignore' });
  stopDiscovery = () => child.kill();
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      manifest = (await (await fetch(`http://127.0.0.1:${port}/__/functions.yaml`)).json()) as typeof manifest;
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}, 30_000);

afterAll(() => stopDiscovery());

describe('the deployable functions (built lib/)', () => {
  it('are the four callables and the two auth triggers, nothing of the local stack', () => {
    expect(Object.keys(manifest.endpoints).sort()).toEqual(
      ['activateAccount', 'completeSocialSignUp', 'getInviter', 'onAccountCreated', 'onAccountDeleted', 'registerInvitee'].sort(),
    );
  });

  it('all run in asia-south1', () => {
    for (const endpoint of Object.values(manifest.endpoints)) expect(endpoint.region).toEqual(['asia-south1']);
  });

  it('are callables (v2) and account create/delete events (v1)', () => {
    const { endpoints } = manifest;
    for (const name of ['activateAccount', 'completeSocialSignUp', 'getInviter', 'registerInvitee']) {
      expect(endpoints[name]).toMatchObject({ platform: 'gcfv2', callableTrigger: {} });
    }
    expect(endpoints.onAccountCreated?.eventTrigger?.eventType).toBe('providers/firebase.auth/eventTypes/user.create');
    expect(endpoints.onAccountDeleted?.eventTrigger?.eventType).toBe('providers/firebase.auth/eventTypes/user.delete');
  });
});
