import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../src/index.js';
import { PROJECT_ID, startTestContext, uniqueCollection, type TestContext } from './support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const baseUrl = (): string => `http://${ctx.emulator.host}:${ctx.emulator.port}`;

/** Resolves true if something accepts TCP connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('REST endpoints next to gRPC', () => {
  it('binds 127.0.0.1 by default and answers the readiness probe', async () => {
    expect(ctx.emulator.host).toBe('127.0.0.1');
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Ok');
  });

  it('GET /emulator/v1/identity answers who started the emulator', async () => {
    expect(await (await fetch(`${baseUrl()}/emulator/v1/identity`)).json()).toEqual({});
    const named = await startFirestoreEmulator({ port: 0, identity: { stack: 'test', projectId: 'demo-x' } });
    try {
      const response = await fetch(`http://${named.host}:${named.port}/emulator/v1/identity`);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ stack: 'test', projectId: 'demo-x' });
    } finally {
      await named.stop();
    }
  });

  it('DELETE .../documents clears the data of that project', async () => {
    const col = ctx.db.collection(uniqueCollection('clear'));
    await col.doc('a').set({ v: 1 });
    await col.doc('a').collection('sub').doc('b').set({ v: 2 });
    const otherProject = ctx.newClient('demo-other').collection(col.id).doc('a');
    await otherProject.set({ v: 'other project' });

    const response = await fetch(`${baseUrl()}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});

    expect((await col.doc('a').get()).exists).toBe(false);
    expect((await col.doc('a').collection('sub').doc('b').get()).exists).toBe(false);
    expect((await otherProject.get()).data()).toEqual({ v: 'other project' });
    // Still usable afterwards.
    await col.doc('a').set({ v: 3 });
    expect((await col.doc('a').get()).data()).toEqual({ v: 3 });
  });

  it('clear() clears everything', async () => {
    const ref = ctx.db.collection(uniqueCollection('clear-all')).doc('a');
    await ref.set({ v: 1 });
    ctx.emulator.clear();
    expect((await ref.get()).exists).toBe(false);
  });

  it('answers 404 to other HTTP requests', async () => {
    const response = await fetch(`${baseUrl()}/v1/projects/${PROJECT_ID}/databases/(default)/documents/a/b`);
    expect(response.status).toBe(404);
  });
});

describe('lifecycle', () => {
  it('stop() frees the port, and a new emulator can start on it', async () => {
    const first = await startFirestoreEmulator({ port: 0 });
    const { port } = first;
    // An open HTTP keep-alive connection must not keep it alive.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    await first.stop();
    expect(await isListening(port)).toBe(false);

    const second = await startFirestoreEmulator({ host: '127.0.0.1', port });
    expect(second.port).toBe(port);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    await second.stop();
    await second.stop(); // idempotent
  });

  /** Runs the CLI on a free port with these arguments; its ready line, and how it stopped on SIGTERM. */
  async function runCli(args: string[]): Promise<{ port: number; ready: string }> {
    const probe = await startFirestoreEmulator({ port: 0 });
    const port = probe.port;
    await probe.stop();

    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const env = { ...process.env };
    delete env['FIRESTORE_HOT_DOCUMENTS'];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--host', '127.0.0.1', '--port', String(port), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ready = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(output);
      });
      child.once('exit', (code) => reject(new Error(`CLI exited early (${code}): ${output}`)));
    });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

    const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(await isListening(port)).toBe(false);
    return { port, ready };
  }

  it('the CLI prints its ready line and exits 0 on SIGTERM', async () => {
    const { port, ready } = await runCli([]);
    expect(ready).toBe(`Firestore emulator ready on 127.0.0.1:${port}\n`);
  });

  it("the CLI's ready line names the hot-document model when it is on", async () => {
    const { port, ready } = await runCli(['--hot_documents', 'production']);
    expect(ready).toBe(
      `Firestore emulator ready on 127.0.0.1:${port} (hot documents: 1 write/s a document, burst 5, wait ≤ 2000 ms)\n`,
    );
  });
});
