/** What `firebase deploy` would create from a functions package, read the way firebase-tools reads it. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import { join } from 'node:path';

export type Manifest = {
  params?: { name: string; type?: string }[];
  endpoints: Record<
    string,
    {
      region: string[];
      platform: string;
      callableTrigger?: object;
      httpsTrigger?: object;
      eventTrigger?: { eventType: string };
      scheduleTrigger?: { schedule: string; retryConfig?: { retryCount?: number } };
      maxInstances?: number;
      secretEnvironmentVariables?: { key: string }[];
    }
  >;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs discovery as firebase-tools does on deploy, on the functions package in `dir` (with the
 * firebase-functions of its own node_modules); `userEnv` stands for functions/.env.<project>.
 * Each started process's stop is pushed on `stops`.
 */
export async function discoverFunctions(
  dir: string,
  userEnv: Record<string, string> = {},
  stops: (() => void)[] = [],
): Promise<Manifest> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...userEnv,
    PORT: String(port),
    FUNCTIONS_CONTROL_API: 'true',
    GCLOUD_PROJECT: 'demo-dayfocus',
  };
  delete env.FUNCTIONS_EMULATOR;
  // The CLI takes its folder argument only beside a second one (firebase-functions 7's
  // bin/firebase-functions.js), else it loads the working directory's package: run it there.
  const child = spawn(join(dir, 'node_modules/.bin/firebase-functions'), [], {
    cwd: dir,
    env,
    stdio: 'ignore',
  });
  stops.push(() => child.kill());
  let exitCode: number | null = null;
  child.on('exit', (code) => (exitCode = code ?? 1));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`discovery exited with code ${exitCode}`);
    const response = await fetch(`http://127.0.0.1:${port}/__/functions.yaml`).catch(() => null);
    // Not listening yet: try again. Listening: the manifest, or the load error (answered 400).
    if (response) {
      if (!response.ok)
        throw new Error(`discovery answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return (await response.json()) as Manifest;
    }
    if (Date.now() > deadline) throw new Error('discovery did not answer within 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The deploy package (scripts/pack-deploy.mjs) in a new temporary folder, with the workspace's
 * installed node_modules linked beside it: what a deploy uploads, loadable without an install.
 * Its removal is pushed on `stops`.
 */
export async function packedForDiscovery(stops: (() => void)[] = []): Promise<string> {
  const functionsDir = join(__dirname, '..');
  const out = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-pack-')));
  stops.push(() => rmSync(out, { recursive: true, force: true }));
  await promisify(execFile)(process.execPath, [join(functionsDir, 'scripts/pack-deploy.mjs'), out]);
  symlinkSync(join(functionsDir, 'node_modules'), join(out, 'node_modules'), 'dir');
  return out;
}
