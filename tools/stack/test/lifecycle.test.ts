/**
 * `npm run dev` as a person uses it: it starts the stack, seeds the demo inviter and prints
 * the invite link; Ctrl-C (SIGINT to its process group, as a terminal sends it) stops all of
 * it, and a second start works.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callableHeaders,
  demoInviter,
  emulatorEnv,
  inviteLink,
  repoRoot,
  reuseProblem,
  stack,
  startStack,
  urls,
} from '../src/index.js';
import { portInUse } from '../src/readiness.js';

const ports = [
  stack.ports.firestore,
  stack.ports.auth,
  stack.ports.functions,
  stack.ports.hosting,
  stack.ports.tasks,
  stack.ports.hub,
];

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
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`"${text}" never printed. Output:\n${output.slice(-3000)}`);
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
if (stackAlreadyRunning)
  console.warn('Skipping the dev-stack lifecycle test: a local stack (or something else) holds its ports.');

describe.skipIf(stackAlreadyRunning)('npm run dev', () => {
  it('prints the invite link of a seeded demo inviter, stops on Ctrl-C leaving nothing behind, and starts again', async () => {
    const first = startDev();
    await first.printed('Press Ctrl-C to stop.', 180_000);
    expect(first.output()).toContain(inviteLink(demoInviter.uid));

    const answer = await fetch(`${urls.functions}/getInviter`, {
      method: 'POST',
      headers: callableHeaders(),
      body: JSON.stringify({ data: { inviterId: demoInviter.uid } }),
    });
    expect(await answer.json()).toEqual({
      result: { inviterId: demoInviter.uid, name: demoInviter.name, photoUrl: demoInviter.profileImage },
    });
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

    // The tests' and benchmarks' start finds this project's stack (its marker) and reuses it,
    // leaving it running and its data in place.
    const reused = await startStack({
      output: { logFile: join(repoRoot, '.artifacts', 'lifecycle-reuse.log') },
      log: () => {},
    });
    expect(reused.reused).toBe(true);
    await reused.stop();
    expect(await portInUse(stack.host, stack.ports.hosting)).toBe(true);

    expect(await ctrlC(first)).toBe(0);
    expect(first.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);

    const second = startDev();
    await second.printed('Press Ctrl-C to stop.', 180_000);
    expect(await ctrlC(second)).toBe(0);
    expect(second.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);
  });

  it("refuses to use what holds the stack's ports when it is not this project's stack", async () => {
    const squatters = await Promise.all(
      [stack.ports.firestore, stack.ports.auth, stack.ports.functions, stack.ports.hosting, stack.ports.tasks].map(
        (port) =>
          new Promise<Server>((resolve, reject) => {
            // Some other web server: it answers 404 to everything.
            const server = createServer((_request, response) => response.writeHead(404).end());
            server.once('error', reject).listen(port, stack.host, () => resolve(server));
          }),
      ),
    );
    try {
      await expect(
        startStack({ output: { logFile: join(repoRoot, '.artifacts', 'lifecycle-refuse.log') }, log: () => {} }),
      ).rejects.toThrow("and it is not a stack started by this project's tools (no marker)");
    } finally {
      for (const server of squatters) server.closeAllConnections();
      await Promise.all(squatters.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});

describe('whose stack it is', () => {
  const own = {
    stack: 'dayfocus-companion',
    projectId: stack.projectId,
    root: repoRoot,
    pid: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
  } as const;
  it.each([
    ['no marker at all', null, "it is not a stack started by this project's tools (no marker)"],
    [
      'another kind of stack',
      { ...own, stack: 'something-else' },
      "it is not a stack started by this project's tools (no marker)",
    ],
    ['another project', { ...own, projectId: 'demo-other' }, `it serves project demo-other, not ${stack.projectId}`],
    [
      'another checkout',
      { ...own, root: '/elsewhere/dayfocus' },
      `it serves the checkout /elsewhere/dayfocus, not ${repoRoot}`,
    ],
  ] as const)('is not reused with %s', (_name, found, problem) => {
    expect(reuseProblem(found as Parameters<typeof reuseProblem>[0])).toBe(problem);
  });

  it('is reused when it is this checkout and project', () => {
    expect(reuseProblem(own)).toBeNull();
  });
});
