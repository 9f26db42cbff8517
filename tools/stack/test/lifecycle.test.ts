/**
 * `npm run dev` as a person uses it: it starts the stack, seeds the demo inviter and prints
 * the invite link; Ctrl-C (SIGINT to its process group, as a terminal sends it) stops all of
 * it, and a second start works.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoInviter, emulatorEnv, repoRoot, stack, urls } from '../src/index.js';
import { portInUse } from '../src/readiness.js';

const ports = [stack.ports.firestore, stack.ports.auth, stack.ports.functions, stack.ports.hosting, stack.ports.hub];

async function anyPortOpen(): Promise<boolean> {
  return (await Promise.all(ports.map((port) => portInUse(stack.host, port)))).some(Boolean);
}

function startDev() {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['tools/stack/dev.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = async (text: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`"${text}" never printed. Output:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const groupAlive = () => {
    try {
      process.kill(-(child.pid ?? 0), 0);
      return true;
    } catch {
      return false;
    }
  };
  return { child, exited, printed, groupAlive, output: () => output };
}

async function ctrlC(dev: ReturnType<typeof startDev>): Promise<number | null> {
  process.kill(-(dev.child.pid ?? 0), 'SIGINT');
  const code = await Promise.race([dev.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000))]);
  if (code === 'timeout') {
    process.kill(-(dev.child.pid ?? 0), 'SIGKILL');
    throw new Error('npm run dev did not stop within 60 s of Ctrl-C');
  }
  return code;
}

const stackAlreadyRunning = await anyPortOpen();
if (stackAlreadyRunning) console.warn('Skipping the dev-stack lifecycle test: a local stack (or something else) holds its ports.');

describe.skipIf(stackAlreadyRunning)('npm run dev', () => {
  it('prints the invite link of a seeded demo inviter, stops on Ctrl-C leaving nothing behind, and starts again', async () => {
    const first = startDev();
    await first.printed('Press Ctrl-C to stop.', 180_000);
    expect(first.output()).toContain('http://127.0.0.1:5000/feedback/demo-inviter/en');

    const answer = await fetch(`${urls.functions}/getInviter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { inviterId: demoInviter.uid } }),
    });
    expect(await answer.json()).toEqual({ result: { inviterId: demoInviter.uid, name: demoInviter.name, photoUrl: demoInviter.profileImage } });
    expect((await fetch(demoInviter.profileImage)).headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${urls.hosting}/feedback/demo-inviter/en`)).status).toBe(200);

    Object.assign(process.env, emulatorEnv);
    const { initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const db = getFirestore(initializeApp({ projectId: stack.projectId }, 'lifecycle-test'));
    expect((await db.collection('Users').doc(demoInviter.uid).get()).data()).toMatchObject({
      name: demoInviter.name,
      fcmToken: demoInviter.fcmToken,
      isDeleted: false,
    });
    await db.terminate();

    expect(await ctrlC(first)).toBe(0);
    expect(first.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);

    const second = startDev();
    await second.printed('Press Ctrl-C to stop.', 180_000);
    expect(await ctrlC(second)).toBe(0);
    expect(second.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);
  });
});
