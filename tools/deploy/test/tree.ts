/**
 * Copies of the repository in a temporary folder, for running firebase.json's predeploys and the
 * preflight on settings put in place there: the real firebase.json, .firebaserc, the sources the
 * predeploy builds, the web app built (in a copy) with a chosen configuration, and the workspace's
 * installed node_modules linked in. Nothing listens on a port.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The real project every good tree deploys to, and the values a project would set. */
export const PROJECT = 'dayfocus-prod';
const API_KEY = 'AIzaSyDayfocusTestKey0000000000000000000';

/** apps/web/config.example.json filled in as a person would for PROJECT. */
export function goodWebConfig(): Record<string, unknown> {
  // A project outside the e-mail proof's origin trial removes the example's trial token.
  const { originTrialToken: _outsideTheTrial, ...example } = JSON.parse(
    readFileSync(join(repoRoot, 'apps/web/config.example.json'), 'utf8'),
  ) as { firebase: Record<string, string>; appCheck: Record<string, string>; originTrialToken?: string };
  return {
    ...example,
    firebase: {
      ...example.firebase,
      apiKey: API_KEY,
      projectId: PROJECT,
      appId: '1:123456789012:web:0123456789abcdef',
      messagingSenderId: '123456789012',
      storageBucket: `${PROJECT}.appspot.com`,
    },
    appCheck: { provider: 'recaptcha-enterprise', siteKey: '6LdDayfocusTestSiteKey000000000000000000' },
    legal: {
      operator: 'Dayfocus Technologies Pvt. Ltd.',
      privacyUrl: 'https://dayfocus.app/privacy',
      termsUrl: 'https://dayfocus.app/terms',
    },
  };
}

/** functions/.env.{PROJECT} as docs/deploying.md asks for it. */
export const goodParams = [
  'PRODUCT_DOMAIN=https://dayfocus.app',
  'LINK_ORIGIN=https://dayfocus.app',
  'PRODUCT_IMAGE_URL=https://dayfocus.app/images/dayfocus-preview.png',
  'APPLE_TEAM_ID=ABCDE12345',
  `ANDROID_CERT_SHA256=${Array.from({ length: 32 }, (_, i) => (i + 16).toString(16).toUpperCase()).join(':')}`,
  `WEB_API_KEY=${API_KEY}`,
  'WEB_APP_ID=1:123456789012:web:0123456789abcdef',
  '',
].join('\n');

/** extensions/firestore-send-email.env.{PROJECT} as docs/deploying.md asks for it (step 9). */
export const goodMailParams = [
  'SMTP_CONNECTION_URI=smtps://postmaster@smtp.mailgun.org:465',
  'DEFAULT_FROM="Dayfocus <noreply@dayfocus.app>"',
  '',
].join('\n');

export interface Run {
  code: number;
  output: string;
}

/** Runs a command to its end; its exit code and everything it printed. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  const toolchain = join(repoRoot, '.toolchain/bin');
  const env = {
    ...process.env,
    ...options.env,
    // pnpm (which the predeploys run) and the functions' Node, as `npm run setup` puts them on PATH.
    PATH: [toolchain, dirname(process.execPath), process.env.PATH].filter(Boolean).join(':'),
  };
  return new Promise((resolve) => {
    execFile(command, args, { cwd: options.cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

export const removeTrees = (...dirs: string[]) => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));

const link = (target: string, path: string) => {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
};
const copy = (from: string, to: string) => cpSync(join(repoRoot, from), to, { recursive: true });

/** What `vite build` of apps/web reads, as a copy of the tree needs it. */
export const WEB_APP_SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'vite-languages.ts',
  'package.json',
  'tsconfig.json',
] as const;

/**
 * Builds the web app in a copy of apps/web, as `npm run build` does: with `WEB_CONFIG` (the
 * deployable configuration) or without (the local stack's public/config.json, as `npm test`
 * builds it). Answers a folder holding apps/web/dist and functions/lib/web.
 */
export async function buildWeb(webConfig: unknown | undefined): Promise<string> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-web-')));
  const web = join(dir, 'apps/web');
  for (const name of WEB_APP_SOURCES) copy(`apps/web/${name}`, join(web, name));
  copy('tsconfig.base.json', join(dir, 'tsconfig.base.json'));
  link(join(repoRoot, 'apps/web/node_modules'), join(web, 'node_modules'));
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
  if (webConfig !== undefined) {
    writeFileSync(join(dir, 'config.json'), JSON.stringify(webConfig));
    env.WEB_CONFIG = join(dir, 'config.json');
  }
  const vite = join(web, 'node_modules/.bin/vite');
  for (const args of [['build'], ['build', '--ssr', 'src/server/renderer.tsx']]) {
    const built = await run(vite, args, { cwd: web, env });
    if (built.code !== 0) {
      removeTrees(dir);
      throw new Error(`vite ${args.join(' ')} failed:\n${built.output}`);
    }
  }
  return dir;
}

/**
 * A copy of the repository as a deploy sees it after `npm run build` with `web` (from buildWeb):
 * firebase.json and .firebaserc as they are, the sources the functions' predeploy builds, and
 * functions/.env.{PROJECT} with `params`.
 */
export function makeTree(web: string, params = goodParams): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-tree-')));
  for (const name of [
    'firebase.json',
    '.firebaserc',
    'package.json',
    'pnpm-workspace.yaml',
    'pnpm-lock.yaml',
    'tsconfig.base.json',
    'firestore.rules',
    'firestore.companion.rules',
    'firestore.indexes.json',
  ])
    copy(name, join(root, name));
  for (const name of ['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    copy(`packages/contracts/${name}`, join(root, 'packages/contracts', name));
    if (existsSync(join(repoRoot, 'functions', name))) copy(`functions/${name}`, join(root, 'functions', name));
  }
  for (const pkg of ['', 'packages/contracts', 'functions'])
    link(join(repoRoot, pkg, 'node_modules'), join(root, pkg, 'node_modules'));
  link(join(repoRoot, 'tools/deploy'), join(root, 'tools/deploy'));
  cpSync(join(web, 'apps/web/dist'), join(root, 'apps/web/dist'), { recursive: true });
  cpSync(join(web, 'functions/lib/web'), join(root, 'functions/lib/web'), { recursive: true });
  writeFileSync(join(root, `functions/.env.${PROJECT}`), params);
  copy('extensions', join(root, 'extensions'));
  writeFileSync(join(root, `extensions/firestore-send-email.env.${PROJECT}`), goodMailParams);
  return root;
}

/** A copy of a tree (symlinks kept), to change one thing in. */
export function copyTree(tree: string): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-tree-')));
  cpSync(tree, root, { recursive: true, verbatimSymlinks: true });
  return root;
}

/**
 * Runs one target's predeploy of firebase.json as `firebase deploy --only {target}` does, with
 * firebase-tools' own hook runner; `all`: every target's, as a plain `firebase deploy` runs them.
 */
export function predeploy(
  root: string,
  target: 'hosting' | 'functions' | 'firestore' | 'all',
  project = PROJECT,
): Promise<Run> {
  return run(
    process.execPath,
    [fileURLToPath(new URL('./run-predeploy.mjs', import.meta.url)), root, target, project],
    {
      cwd: root,
    },
  );
}

/** What firebase-tools' own prepare step of the Firestore target would send from the tree (test/firestore-prepare.mjs). */
export interface FirestoreSend {
  deploysRules: boolean;
  rules: { rulesFile: string; databaseId: string }[];
  uploads: string[];
  indexes: string[];
}

/** firebase-tools' prepare of the Firestore target in `root`, for a plain deploy (or `--only {only}`). */
export async function firestorePrepare(root: string, only?: string): Promise<FirestoreSend> {
  const script = fileURLToPath(new URL('./firestore-prepare.mjs', import.meta.url));
  const { code, output } = await run(process.execPath, [script, root, PROJECT, ...(only ? ['--only', only] : [])], {
    cwd: root,
  });
  if (code !== 0) throw new Error(`firestore-prepare.mjs failed:\n${output}`);
  return JSON.parse(output.slice(output.indexOf('{'))) as FirestoreSend;
}

/** `npm run deploy:check -- <args>` in the tree (the command the script runs once the toolchain is set up). */
export function preflight(root: string, args: string[]): Promise<Run> {
  return run(join(repoRoot, 'node_modules/.bin/tsx'), ['tools/deploy/src/cli.ts', ...args], { cwd: root });
}
