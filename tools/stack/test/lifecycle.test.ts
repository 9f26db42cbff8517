/**
 * `npm run dev` as a person uses it: it starts the stack, seeds the demo inviter and prints
 * the invite link; its terminal shows the e-mails' links and our warnings, the emulators'
 * chatter going to its log file; Ctrl-C (SIGINT to its process group, as a terminal sends it)
 * stops all of it, and a second start works.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import pTimeout from 'p-timeout';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { firebaseJson } from '../src/config.js';
import { inviterRecord } from '../src/fixtures.js';
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
import { outboxMailsTo } from '../src/mail.js';
import { portInUse } from '../src/readiness.js';

/** Where `npm run dev` writes the emulators' output. */
const devLog = join(repoRoot, '.artifacts', 'dev.log');

/**
 * The Functions emulator's file of parameter values, which it writes on a first start, and where
 * the test keeps a person's own while it makes a first start (put back afterwards, or at the next
 * run if this one was killed).
 */
const envLocal = join(repoRoot, 'functions', '.env.local');
const envLocalKept = join(repoRoot, '.artifacts', 'lifecycle', 'functions.env.local');

function putBackEnvLocal(): void {
  if (existsSync(envLocalKept)) renameSync(envLocalKept, envLocal);
}

function setAsideEnvLocal(): void {
  putBackEnvLocal();
  if (!existsSync(envLocal)) return;
  mkdirSync(dirname(envLocalKept), { recursive: true });
  renameSync(envLocal, envLocalKept);
}

/** Every port firebase.json names for the stack, on its slot (the hub's, logging's, Eventarc's and Cloud Tasks' too). */
const ports = Object.values((firebaseJson as { emulators: Record<string, { port?: number }> }).emulators).flatMap(
  ({ port }) => (typeof port === 'number' ? [stack.slotted(port)] : []),
);

async function anyPortOpen(): Promise<boolean> {
  return (await Promise.all(ports.map((port) => portInUse(stack.host, port)))).some(Boolean);
}

function startDev() {
  // As `npm run dev` runs it (package.json): one Node process with tsx's loader, no relay in front.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/stack/dev.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Whether it has ended, by its own exit or by a signal (then its exit code stays null). */
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const printed = async (text: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline || hasExited())
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
  return { child, exited, hasExited, printed, groupAlive, output: () => output };
}

/** The Functions emulator's workers (Node processes of its runtime) among `root`'s descendants (Linux's /proc). */
function functionWorkersUnder(root: number): number[] {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(pid), parent, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const parentOf = new Map(processes.map((p) => [p.pid, p.parent]));
  const under = (pid: number): boolean => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  };
  return processes.filter((p) => p.command.includes('functionsEmulatorRuntime') && under(p.pid)).map((p) => p.pid);
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

/**
 * How long the test waits for one answer. Every wait here is bounded and says what it waited for: a
 * request the emulators lost, or a start that stood still, would otherwise hold the test until
 * its own time-out, which names nothing (CI met that once: "Test timed out in 240000ms").
 */
const ANSWER_MS = 30_000;

/** p-timeout's options: `ms` at most, then an error naming `what`. */
const within = (what: string, ms: number) => ({ milliseconds: ms, message: `${what}: not done within ${ms / 1000} s` });

/** A request and its whole answer (`read`), within ANSWER_MS. */
const request = <T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T> =>
  pTimeout(fetch(url, init).then(read), within(`${init.method ?? 'GET'} ${url}`, ANSWER_MS));

/** The `getInviter` callable, as the invitation page calls it: its status and body. */
const askForInviter = (inviterId: string) =>
  request(
    `${urls.functions}/getInviter`,
    { method: 'POST', headers: callableHeaders(), body: JSON.stringify({ data: { inviterId } }) },
    async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
  );

/** What `npm run dev` has written to its log file since it was `start` bytes long. */
const logSince = (start: number) => readFileSync(devLog).subarray(start).toString('utf8');

/** The functions' runs and the emulators' warnings and errors in `log`: what explains a count of workers. */
function functionRuns(log: string): string {
  const lines = log
    .split('\n')
    .filter((line) => /Beginning execution|Finished "|⚠|ERROR|WARN|timed out|reloading/.test(line));
  return lines.slice(-60).join('\n');
}

/**
 * Waits until the log file has `text` after `start`; fails when it has not within `timeoutMs`, or
 * at once when `dev` has exited meanwhile (its log would never have it).
 */
async function logged(start: number, text: string, timeoutMs: number, dev: ReturnType<typeof startDev>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!logSince(start).includes(text)) {
    if (dev.hasExited())
      throw new Error(
        `npm run dev exited (code ${dev.child.exitCode}, signal ${dev.child.signalCode}) before "${text}". Output:\n${dev.output().slice(-3000)}`,
      );
    if (Date.now() > deadline) throw new Error(`No "${text}" in ${devLog} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The test's steps as it takes them, each with when it began: on a failure, a time-out among them,
 * the test prints where it stood and how long each step took.
 */
function stepClock() {
  const started = Date.now();
  const steps: { name: string; at: number }[] = [];
  return {
    step: (name: string) => void steps.push({ name, at: Date.now() }),
    report: () =>
      steps
        .map(({ name, at }, index) => {
          const end = steps[index + 1]?.at ?? Date.now();
          return `  ${((at - started) / 1000).toFixed(1).padStart(6)} s  ${name} (${((end - at) / 1000).toFixed(1)} s${index === steps.length - 1 ? ', where it stood' : ''})`;
        })
        .join('\n'),
  };
}

/** A sign-up by e-mail as the web app makes one: the account, its User record, the verification e-mail. */
async function signUpByEmail(email: string): Promise<void> {
  const { initializeApp } = await import('firebase/app');
  const { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } = await import('firebase/auth');
  const auth = getAuth(initializeApp({ apiKey: 'local', projectId: stack.projectId }, `lifecycle-${email}`));
  connectAuthEmulator(auth, urls.auth, { disableWarnings: true });
  const { user } = await pTimeout(
    createUserWithEmailAndPassword(auth, email, 'lifecycle-password'),
    within(`The account ${email}`, ANSWER_MS),
  );
  const registered = await request(
    `${urls.functions}/registerInvitee`,
    {
      method: 'POST',
      headers: { ...callableHeaders(), authorization: `Bearer ${await user.getIdToken()}` },
      body: JSON.stringify({ data: { inviterId: demoInviter.uid, name: 'Mira Nair' } }),
    },
    async (response) => response.status,
  );
  expect(registered).toBe(200);
  const sent = await request(
    `${urls.functions}/sendVerificationEmail`,
    {
      method: 'POST',
      headers: { ...callableHeaders(), authorization: `Bearer ${await user.getIdToken()}` },
      body: JSON.stringify({ data: { language: 'hi' } }),
    },
    async (response) => response.status,
  );
  expect(sent).toBe(200);
}

describe('npm run dev', () => {
  // It starts stacks of its own: a stack already running fails it (and says so) rather than skip it.
  beforeAll(async () => {
    if (await anyPortOpen())
      throw new Error("A local stack (or something else) holds the stack's ports: stop it to run the lifecycle tests.");
  });

  it('prints the invite link of a seeded demo inviter, stops on Ctrl-C leaving nothing behind, and starts again', async () => {
    // A first start, as a new person's: the Functions emulator has no parameter values yet.
    setAsideEnvLocal();
    const logStart = existsSync(devLog) ? statSync(devLog).size : 0;
    const { step, report } = stepClock();
    step('the first start, to its banner');
    const first = startDev();
    const starts = [first];
    // A failure says where the test stood, and leaves no stack behind.
    onTestFailed(async () => {
      console.error(
        `The test's steps (from its start):\n${report()}\nThe functions' runs:\n${functionRuns(logSince(logStart))}`,
      );
      for (const dev of starts) if (dev.groupAlive()) await ctrlC(dev);
    });
    try {
      await first.printed('Press Ctrl-C to stop.', 180_000);
    } finally {
      putBackEnvLocal();
    }
    expect(first.output()).toContain(inviteLink(demoInviter.uid));

    step('the demo inviter, her picture, a page');
    const answer = await askForInviter(demoInviter.uid);
    expect(answer.body).toEqual({
      result: { inviterId: demoInviter.uid, name: demoInviter.name, photoUrl: demoInviter.profileImage },
    });
    const pictureType = await request(demoInviter.profileImage, {}, async (response) => {
      await response.arrayBuffer();
      return response.headers.get('content-type');
    });
    expect(pictureType).toContain('image/svg+xml');
    const pageStatus = await request(`${urls.hosting}/feedback/demo-inviter/en`, {}, async (response) => {
      await response.text();
      return response.status;
    });
    expect(pageStatus).toBe(200);

    Object.assign(process.env, emulatorEnv);
    const { initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const db = getFirestore(initializeApp({ projectId: stack.projectId }, 'lifecycle-test'));
    expect((await db.collection('Users').doc(demoInviter.uid).get()).data()).toMatchObject({
      name: demoInviter.name,
      fcmToken: demoInviter.fcmToken,
      isDeleted: false,
    });

    // The demo inviter's own Auth trigger (her seeding's) has run first. `npm run dev` prints its
    // banner without waiting for it, and a 1st-gen trigger takes one event at a time in an instance:
    // a sign-up's event while it still ran would rightly start a second worker, as production starts
    // a second instance (CI met it once on a busy machine), which is not the sharing checked below.
    const triggerRan = `Finished "${stack.region}-onAccountCreated"`;
    step("the seed's Auth trigger");
    await logged(logStart, triggerRan, 60_000, first);

    // The verification mail of a sign-up (ours, in the outbox): its subject and its link. Two
    // callers ask for the inviter over and over meanwhile, until the Auth trigger the sign-up fires
    // (1st gen: one at a time in an instance) has run among their requests.
    const email = `lifecycle-${Date.now()}@example.com`;
    const signUpLogStart = statSync(devLog).size;
    let asked = 0;
    step('a sign-up by e-mail, its mail, two callers meanwhile');
    const askAgainAndAgain = async () => {
      const deadline = Date.now() + 60_000;
      while (!logSince(signUpLogStart).includes(triggerRan)) {
        if (Date.now() > deadline) throw new Error(`No "${triggerRan}" in ${devLog} within 60 s`);
        const again = await askForInviter(demoInviter.uid);
        expect(again.status).toBe(200);
        asked += 1;
      }
    };
    await Promise.all([
      (async () => {
        await signUpByEmail(email);
        await first.printed(`Verification mail to ${email}:`, 30_000);
      })(),
      askAgainAndAgain(),
      askAgainAndAgain(),
    ]);
    expect(asked).toBeGreaterThan(0);
    const [mail] = await outboxMailsTo(db, email);
    if (!mail) throw new Error(`No verification mail to ${email} in the outbox`);
    expect(mail.subject).toBe(`${demoInviter.name} ने आपको Dayfocus पर आमंत्रित किया है`);
    expect(first.output()).toContain(mail.link);

    // A warning of ours: an inviter whose picture lies in someone else's folder.
    step('a warning of ours');
    const inviterId = `lifecycle-inviter-${Date.now()}`;
    await db
      .collection('Users')
      .doc(inviterId)
      .set(inviterRecord({ userId: inviterId, profileImage: 'ProfilePictures/someone-else/picture.jpg' }));
    const looked = await askForInviter(inviterId);
    expect(looked.status).toBe(200);
    await first.printed("Inviter picture path is outside the inviter's own folder", 30_000);
    await db.terminate();

    // The functions share their workers (docs/local-stack.md): the several functions this run
    // called, up to six requests at once and the Auth trigger among them, ran in one Node process
    // that loaded the codebase, not in one each, nor in another for the trigger.
    const called = new Set(
      [...logSince(logStart).matchAll(/Beginning execution of "([^"]+)"/g)].map((match) => match[1]),
    );
    expect(called.size).toBeGreaterThanOrEqual(4);
    const workers = functionWorkersUnder(first.child.pid ?? 0);
    expect(
      workers,
      `Function workers ${workers.join(', ')}; the functions' runs:\n${functionRuns(logSince(logStart))}`,
    ).toHaveLength(1);

    // None of the emulators' chatter: the first start's parameter prompt and its note on the file
    // it wrote, the requests, the function runs. All of it is in the log file, whose path is printed.
    const terminal = first.output();
    expect(terminal).not.toContain('Prompting for parameters');
    expect(terminal).not.toContain('.env.local');
    expect(terminal).not.toContain('"GET /feedback/demo-inviter/en');
    expect(terminal).not.toContain('[hosting] Rewriting');
    expect(terminal).not.toContain('Beginning execution of');
    expect(terminal).not.toContain('canHandleCodeInApp');
    expect(terminal).not.toContain('dist/assets/');
    expect(terminal).toContain(devLog);
    const log = logSince(logStart);
    expect(log).toContain('Prompting for parameters');
    // The build's output, unless the run took the build in place (npm test's stage, DAYFOCUS_DEV_PREBUILT).
    expect(first.output()).toContain(stack.builtInPlace ? 'Using the build in place' : 'Built in');
    if (!stack.builtInPlace) expect(log).toContain('dist/assets/');
    expect(log).toContain('"GET /feedback/demo-inviter/en');
    expect(log).toContain(`Beginning execution of "${stack.region}-registerInvitee"`);

    // The tests' and benchmarks' start finds this project's stack (its marker) and reuses it,
    // leaving it running and its data in place.
    step("the tests' start, reusing it");
    const reused = await pTimeout(
      startStack({ output: { logFile: join(repoRoot, '.artifacts', 'lifecycle-reuse.log') }, log: () => {} }),
      within("The tests' start of a running stack", ANSWER_MS),
    );
    expect(reused.reused).toBe(true);
    await reused.stop();
    expect(await portInUse(stack.host, stack.ports.hosting)).toBe(true);

    step('Ctrl-C');
    expect(await ctrlC(first)).toBe(0);
    expect(first.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);

    // The second start is stopped while it still sets up (the demo inviter's seeding runs its Auth
    // trigger), before its banner: Ctrl-C stops everything all the same.
    const secondLogStart = statSync(devLog).size;
    step("the second start, to its seed's Auth trigger");
    const second = startDev();
    starts.push(second);
    await logged(secondLogStart, `Beginning execution of "${stack.region}-onAccountCreated"`, 180_000, second);
    expect(second.output()).not.toContain('Press Ctrl-C to stop.');
    step('Ctrl-C while it sets up');
    expect(await ctrlC(second)).toBe(0);
    expect(second.output()).toContain('SIGINT: stopping the local stack...');
    expect(second.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);

    // The third is stopped earlier still, while the emulators start: Ctrl-C reaches firebase-tools
    // too, as a terminal sends it to the whole group; the start stops what it began at once, and
    // `npm run dev` gives the terminal back once all of it has stopped.
    const thirdLogStart = statSync(devLog).size;
    step('the third start, to the emulators starting');
    const third = startDev();
    starts.push(third);
    await logged(thirdLogStart, 'Starting emulators', 180_000, third);
    step('Ctrl-C while the emulators start');
    expect(await ctrlC(third)).toBe(0);
    expect(third.output()).toContain('SIGINT: stopping the local stack...');
    expect(third.groupAlive()).toBe(false);
    expect(await anyPortOpen()).toBe(false);
    // Each step fails on its own bound, naming what it waited for; the test's time-out, above their
    // sum, is only a backstop (it names nothing).
  }, 900_000);

  it("refuses to use what holds the stack's ports when it is not this project's stack", async () => {
    const squatters = await Promise.all(
      [stack.ports.firestore, stack.ports.auth, stack.ports.functions, stack.ports.hosting].map(
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
