/**
 * Nothing local can be deployed: each refusal, run from a copy of the repository with one bad
 * setting put in place, through firebase.json's real predeploy (with firebase-tools' own hook
 * runner, as `firebase deploy` runs it) or through the preflight a person runs
 * (`npm run deploy:check`); then the same copy with good settings passes. The web app is built in
 * a copy as `npm run build` builds it: with WEB_CONFIG, and without (the local stack's config,
 * as `npm test` leaves it).
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeIntoAppRules } from '@dayfocus/stack/companion-rules';
import { deployChecks } from '../src/checks.js';
import {
  buildWeb,
  copyTree,
  firestorePrepare,
  goodParams,
  goodWebConfig,
  makeTree,
  predeploy,
  preflight,
  PROJECT,
  removeTrees,
  repoRoot,
  run,
  type Run,
} from './tree.js';

let goodWeb: string;
let localWeb: string;
let good: string;
let local: string;
const made: string[] = [];

/** The app's rules as docs/deploying.md asks for them: a typical set with our fragment pasted in. */
const typicalAppRules = readFileSync(join(repoRoot, 'tools/stack/test/fixtures/typical-app.rules'), 'utf8');
const rulesDir = mkdtempSync(join(tmpdir(), 'dayfocus-app-rules-'));
function appRulesFile(name: string, text: string): string {
  writeFileSync(join(rulesDir, name), text);
  return join(rulesDir, name);
}
const goodAppRules = appRulesFile('app.rules', mergeIntoAppRules(typicalAppRules));

/** Runs `action` with these variables set (removed for undefined), as the deploying shell would. */
async function withEnv<T>(vars: Record<string, string | undefined>, action: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const put = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values))
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
  };
  put(vars);
  try {
    return await action();
  } finally {
    put(before);
  }
}
const withAppRules = <T>(path: string | undefined, action: () => Promise<T>) =>
  withEnv({ APP_FIRESTORE_RULES: path }, action);

beforeAll(async () => {
  process.env['APP_FIRESTORE_RULES'] = goodAppRules;
  // No gcloud is signed in for the tests (an empty config), and none may read a real project's IAM
  // from them: the good tree's deploys skip the signer's check as a person must, by saying so.
  process.env['CLOUDSDK_CONFIG'] = mkdtempSync(join(rulesDir, 'gcloud-'));
  process.env['SKIP_SIGNER_CHECK'] = '1';
  made.push((goodWeb = await buildWeb(goodWebConfig())));
  made.push((localWeb = await buildWeb(undefined)));
  made.push((good = makeTree(goodWeb)), (local = makeTree(localWeb)));
});

afterAll(() => removeTrees(...made, rulesDir));

/** A copy of the good tree with one change. */
function goodWith(change: (root: string) => void): string {
  const root = copyTree(good);
  made.push(root);
  change(root);
  return root;
}

/**
 * A plain `firebase deploy`'s predeploys (every target's, build and pack included) in a copy of the
 * good tree, run once: the passing tests of the functions', Firestore's and every predeploy read
 * its output (each run judges the good rules on the emulator, seconds long).
 */
let goodDeployRun: Promise<Run & { root: string }> | undefined;
/**
 * Its first reader waits for two probes, two builds and the pack: minutes when the machine is shared,
 * past five in a slow hour of it, 525 s and past 600 s in two fresh runs of 2026-12-02, beside the
 * stacks and their browsers (docs/testing.md). A bound, not an expected time.
 */
const GOOD_DEPLOY_TIMEOUT = 1_200_000;
function goodDeploy(): Promise<Run & { root: string }> {
  goodDeployRun ??= (async () => {
    const root = goodWith(() => undefined);
    return { root, ...(await predeploy(root, 'all')) };
  })();
  return goodDeployRun;
}

const writeJson = (path: string, body: unknown) => writeFileSync(path, JSON.stringify(body));
const hostingConfig = (root: string) => join(root, 'apps/web/dist/config.json');

describe("Hosting's predeploy", () => {
  it("refuses the local stack's web config (a build without WEB_CONFIG) and says what to build", async () => {
    const { code, output } = await predeploy(local, 'hosting');
    expect(code).toBe(1);
    expect(output).toContain('FAIL  the web config Hosting serves');
    expect(output).toContain('it names the local emulators');
    expect(output).toContain(
      'appCheck is the local stand-in provider: set "appCheck": {"provider": "recaptcha-enterprise"',
    );
    expect(output).toContain('firebase.projectId is demo-dayfocus, a demo project');
    expect(output).toContain('productDomain http://127.0.0.1:5000 is not https');
    expect(output).toContain('build with `WEB_CONFIG=path/to/config.json npm run build`');
    expect(output).toContain('Refusing to deploy');
  });

  it('refuses a deploy to a demo- project', async () => {
    const { code, output } = await predeploy(good, 'hosting', 'demo-dayfocus');
    expect(code).toBe(1);
    expect(output).toMatch(/FAIL {2}the project deployed to: demo-dayfocus .* is a demo project.*firebase use --add/);
  });

  it('passes the good configuration, deploying to its project', async () => {
    const { code, output } = await predeploy(good, 'hosting');
    expect(output).toContain('ok    the web config Hosting serves (apps/web/dist/config.json)');
    expect(output).not.toContain('FAIL');
    expect(code).toBe(0);
  });
});

describe("Firestore's predeploy", () => {
  it('refuses a deploy of the rules or indexes to a demo- project', async () => {
    const { code, output } = await predeploy(good, 'firestore', 'demo-dayfocus');
    expect(code).toBe(1);
    expect(output).toMatch(/FAIL {2}the project deployed to: demo-dayfocus .* is a demo project/);
    // Refused already: the rules are read, and their emulator's probe waits for a run that can pass.
    expect(output).toContain('not judged by an emulator yet, as another check refused this deploy');
  });
});

describe('the web config checks, one bad value each (the preflight for Hosting)', () => {
  const cases: [string, (config: Record<string, Record<string, unknown>>) => void, string][] = [
    [
      'the App Check stand-in alone',
      (config) => (config.appCheck = { provider: 'local-stand-in' }),
      'appCheck is the local stand-in provider: set "appCheck"',
    ],
    [
      'a demo- project',
      (config) => (config.firebase = { ...config.firebase, projectId: 'demo-dayfocus' }),
      'firebase.projectId is demo-dayfocus, a demo project: set the project',
    ],
    [
      'another project than the deploy',
      (config) => (config.firebase = { ...config.firebase, projectId: 'dayfocus-staging' }),
      `firebase.projectId is dayfocus-staging but the deploy goes to ${PROJECT}`,
    ],
    [
      'a plain-http productDomain',
      (config) => Object.assign(config, { productDomain: 'http://dayfocus.app' }),
      'productDomain http://dayfocus.app is not https: set the public https address',
    ],
    [
      'a local productImage',
      (config) => Object.assign(config, { productImage: 'https://127.0.0.1:5000/images/x.png' }),
      'productImage https://127.0.0.1:5000/images/x.png is a local address',
    ],
    [
      'a local authDomain',
      (config) => (config.firebase = { ...config.firebase, authDomain: '127.0.0.1:9099' }),
      "firebase.authDomain 127.0.0.1:9099 is not a public host: set the site's own host",
    ],
    [
      "the example's placeholder",
      (config) => (config.firebase = { ...config.firebase, apiKey: 'your-web-api-key' }),
      `firebase.apiKey is the example's placeholder "your-web-api-key"`,
    ],
  ];
  it.each(cases)('refuses %s', async (_, change, message) => {
    const root = goodWith((root) => {
      const config = goodWebConfig() as Record<string, Record<string, unknown>>;
      change(config);
      writeJson(hostingConfig(root), config);
    });
    const { code, output } = await preflight(root, ['--only', 'hosting', '--project', PROJECT]);
    expect(output).toContain(message);
    expect(code).toBe(1);
  });
});

describe("the functions' predeploy", () => {
  it('refuses the server renderer of a build without WEB_CONFIG (its /auth/action would lead to 127.0.0.1)', async () => {
    const { code, output } = await predeploy(local, 'functions');
    expect(code).toBe(1);
    expect(output).toContain(
      'FAIL  the web config built into the server renderer (functions/lib/web/invitation-renderer.cjs)',
    );
    expect(output).toContain('it names the local emulators');
    expect(output).toContain('appCheck is the local stand-in provider');
    expect(output).toContain('productDomain http://127.0.0.1:5000 is not https');
    // Refused before anything was built or packed.
    expect(existsSync(join(local, 'functions/deploy'))).toBe(false);
  });

  it('refuses a deploy to a demo- project', async () => {
    const { code, output } = await predeploy(good, 'functions', 'demo-dayfocus');
    expect(code).toBe(1);
    expect(output).toMatch(/FAIL {2}the project deployed to: demo-dayfocus .* is a demo project/);
  });

  it('refuses a missing param, saying what to set where', async () => {
    const root = goodWith((root) =>
      writeFileSync(join(root, `functions/.env.${PROJECT}`), goodParams.replace(/^WEB_API_KEY=.*$/m, '')),
    );
    const { code, output } = await predeploy(root, 'functions');
    expect(code).toBe(1);
    expect(output).toContain(
      `FAIL  the functions' params (functions/.env.${PROJECT}): WEB_API_KEY is not set: set the web config's apiKey`,
    );
  });

  it("refuses without the Trigger Email extension's SMTP server and sender, saying where to set them", async () => {
    const root = goodWith((root) => writeFileSync(join(root, `extensions/firestore-send-email.env.${PROJECT}`), ''));
    const { code, output } = await predeploy(root, 'functions');
    expect(code).toBe(1);
    expect(output).toContain('FAIL  the Trigger Email extension (the verification mails)');
    expect(output).toContain(
      `SMTP_CONNECTION_URI is not set: set it in extensions/firestore-send-email.env.${PROJECT}`,
    );
    expect(output).toContain(
      `DEFAULT_FROM is not set: set the sender in extensions/firestore-send-email.env.${PROJECT}`,
    );
  });

  it('refuses a deploy whose signer gcloud cannot check here (not signed in), unless told to skip', async () => {
    const { code, output } = await withEnv({ SKIP_SIGNER_CHECK: undefined }, () => predeploy(good, 'functions'));
    expect(code).toBe(1);
    expect(output).toContain(
      "FAIL  the handoff's signer and the App Check fallback's minter alone sign custom tokens (IAM, through gcloud): " +
        'not checked, gcloud is not signed in here: redeemSignInHandoff run as ',
    );
    expect(output).toContain('sign in with `gcloud auth login`, or set SKIP_SIGNER_CHECK=1');
  });

  it(
    'passes the good tree',
    async () => {
      // Its predeploy in a plain deploy's (below): the check, then the build and pack steps (and deploy-package.test.ts).
      const { code, output } = await goodDeploy();
      expect(output).toContain('predeploy of firestore, functions, hosting, extensions');
      expect(output).not.toContain('FAIL');
      expect(output).toContain(`ok    the functions' params (functions/.env.${PROJECT})`);
      expect(output).toContain(
        "ok    the handoff's signer and the App Check fallback's minter alone sign custom tokens (IAM, through gcloud): " +
          'not checked, skipped by SKIP_SIGNER_CHECK=1',
      );
      expect(code).toBe(0);
    },
    GOOD_DEPLOY_TIMEOUT,
  );
});

describe("the shared project's rules (the functions' and Firestore's predeploys)", () => {
  it("refuses without the app's rules, saying what to set", async () => {
    const { code, output } = await withAppRules(undefined, () => predeploy(good, 'functions'));
    expect(code).toBe(1);
    expect(output).toContain("FAIL  the app's Firestore rules (APP_FIRESTORE_RULES): APP_FIRESTORE_RULES is not set");
  });

  it("refuses the app's rules without the fragment", async () => {
    const bare = appRulesFile('bare.rules', typicalAppRules);
    const { code, output } = await withAppRules(bare, () => predeploy(good, 'firestore'));
    expect(code).toBe(1);
    expect(output).toContain('it does not carry firestore.companion.rules: paste firestore.companion.rules unchanged');
  });

  it("refuses the app's rules that grant a catch-all read, the fragment pasted in or not", async () => {
    const permissive = typicalAppRules.replace(
      'match /Tasks/{taskId} {',
      'match /{document=**} {\n      allow read: if signedIn();\n    }\n    match /Tasks/{taskId} {',
    );
    const file = appRulesFile('permissive.rules', mergeIntoAppRules(permissive));
    const { code, output } = await withAppRules(file, () =>
      preflight(good, ['--only', 'functions', '--project', PROJECT]),
    );
    expect(code).toBe(1);
    expect(output).toContain('a signed-in client may read _signUps/rules-check-user; ');
    expect(output).toContain('; grant nothing under our collections: no `match /{document=**}`');
  });

  it(
    "passes the app's rules with the fragment pasted in",
    async () => {
      // Firestore's predeploy and the functions' in a plain deploy's (below).
      const { code, output } = await goodDeploy();
      expect(output).toContain("ok    the app's Firestore rules (APP_FIRESTORE_RULES)");
      expect(output).toContain('(judged by our emulator)');
      expect(code).toBe(0);
    },
    GOOD_DEPLOY_TIMEOUT,
  );
});

describe('a plain `firebase deploy` (every target, no --only)', () => {
  /** The tree's firebase.json with `rules` in its firestore entry, as it was before. */
  const namingRules = (rules: string) => (root: string) => {
    const path = join(root, 'firebase.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as { firestore: Record<string, unknown> };
    config.firestore = { rules, ...config.firestore };
    writeFileSync(path, JSON.stringify(config, null, 2));
  };

  it("sends no rules file: firebase-tools' own Firestore prepare step takes the indexes alone, with --only firestore:rules too", async () => {
    // What firebase-tools' deploy and release steps upload and release (lib/deploy/firestore).
    expect(await firestorePrepare(good)).toEqual({
      deploysRules: true,
      rules: [],
      uploads: [],
      indexes: ['firestore.indexes.json'],
    });
    expect((await firestorePrepare(good, 'firestore:rules')).uploads).toEqual([]);
  });

  it('refuses, at its first predeploy and before anything is built, a firebase.json that names the deny-all firestore.rules again', async () => {
    const root = goodWith(namingRules('firestore.rules'));
    // Without the refusal, this is what would go out in place of the app's rules.
    expect((await firestorePrepare(root)).uploads).toEqual(['firestore.rules']);
    const { code, output } = await predeploy(root, 'all');
    expect(output).toContain('predeploy of firestore, functions, hosting, extensions');
    expect(output).toContain(
      "FAIL  firebase.json deploys no Firestore rules (firebase.json's firestore): it names the rules file " +
        "firestore.rules, this repository's own, which denies every client everything: `firebase deploy` would " +
        "put it in place of the app's rules in the shared project and lock every app user out. " +
        'Remove "rules" from firebase.json\'s firestore',
    );
    expect(output).toContain('firestore predeploy error');
    expect(code).toBe(1);
    // The functions' predeploy (build, pack) never ran.
    expect(existsSync(join(root, 'functions/deploy'))).toBe(false);
  });

  it("refuses any other rules file as well, the app's merged rules included, and from every target's predeploy", async () => {
    const root = goodWith((root) => {
      cpSync(goodAppRules, join(root, 'app.rules'));
      namingRules('app.rules')(root);
    });
    for (const target of ['firestore', 'functions', 'hosting'] as const) {
      const { code, output } = await preflight(root, ['--only', target, '--project', PROJECT]);
      expect(output).toContain(
        "FAIL  firebase.json deploys no Firestore rules (firebase.json's firestore): it names the rules file app.rules: ",
      );
      expect(code).toBe(1);
    }
  });

  it(
    'passes the good tree: every predeploy runs to its end, and the Firestore target then sends indexes only',
    async () => {
      const { root, code, output } = await goodDeploy();
      expect(output).toContain('ok    firebase.json deploys no Firestore rules');
      expect(output).not.toContain('FAIL');
      expect(code, output).toBe(0);
      expect((await firestorePrepare(root)).uploads).toEqual([]);
    },
    GOOD_DEPLOY_TIMEOUT,
  );
});

describe("the functions' settings, one bad value each (the preflight for the functions)", () => {
  const params = (change: (text: string) => string) => (root: string) =>
    writeFileSync(join(root, `functions/.env.${PROJECT}`), change(goodParams));
  const cases: [string, (root: string) => void, string][] = [
    [
      "the local stack's link settings",
      params((text) =>
        text
          .replace(/^PRODUCT_DOMAIN=.*$/m, 'PRODUCT_DOMAIN=http://127.0.0.1:5000')
          .replace(/^APPLE_TEAM_ID=.*$/m, 'APPLE_TEAM_ID=LOCALTEAM0'),
      ),
      `PRODUCT_DOMAIN is the local stack's "http://127.0.0.1:5000": set the site's https origin, such as https://dayfocus.app: ` +
        `short links lead to {PRODUCT_DOMAIN}/?userId={inviter}; ` +
        `APPLE_TEAM_ID is the local stack's "LOCALTEAM0": set the iOS app's Apple Developer team id (10 characters)`,
    ],
    [
      "WEB_API_KEY's placeholder",
      params((text) => text.replace(/^WEB_API_KEY=.*$/m, 'WEB_API_KEY=local-placeholder-api-key')),
      `WEB_API_KEY is the local stack's "local-placeholder-api-key": set the web config's apiKey`,
    ],
    [
      'an emulator switch',
      (root) => writeFileSync(join(root, 'functions/.env'), 'FUNCTIONS_EMULATOR=true\n'),
      'functions/.env: FUNCTIONS_EMULATOR is an emulator-only switch: remove it (keep it in .env.local)',
    ],
    [
      'a firebase.json that keeps the env files in the folder the pack makes anew',
      (root) => {
        const path = join(root, 'firebase.json');
        writeFileSync(path, readFileSync(path, 'utf8').replace(/\s*"configDir": "functions",/, ''));
      },
      'so answers typed at the deploy\'s prompt are lost: set "configDir": "functions"',
    ],
    [
      "answers an earlier deploy's prompt left in functions/deploy",
      (root) => {
        mkdirSync(join(root, 'functions/deploy'));
        writeFileSync(join(root, `functions/deploy/.env.${PROJECT}`), 'PICTURES_FOLDER=Avatars\n');
      },
      `functions/deploy/.env.${PROJECT} holds PICTURES_FOLDER (typed at an earlier deploy's prompt), ` +
        `which functions/.env.${PROJECT} lacks: move them there`,
    ],
  ];
  it.each(cases)('refuses %s', async (_, change, message) => {
    const { code, output } = await preflight(goodWith(change), ['--only', 'functions', '--project', PROJECT]);
    expect(output).toContain(message);
    expect(code).toBe(1);
  });
});

describe('npm run deploy:check', () => {
  it('prints one line per check and passes a good tree', async () => {
    const { code, output } = await preflight(good, ['--project', PROJECT]);
    const lines = output.trim().split('\n').slice(1);
    expect(lines).toHaveLength(deployChecks.length);
    expect(lines.every((line) => line.startsWith('  ok    '))).toBe(true);
    // The console's quota a popular inviter meets first: said on every deploy.
    expect(output).toContain('Auth takes at most 100 new accounts an hour from one IP address');
    expect(code).toBe(0);
  });

  it(".firebaserc's demo project is refused when no project is named", async () => {
    const { code, output } = await preflight(good, []);
    expect(output).toContain(
      "demo-dayfocus (.firebaserc's default; pass --project <id> for the project you deploy to)",
    );
    expect(code).toBe(1);
  });
});

describe("answers typed at firebase-tools' params prompt", () => {
  const firebaseTools = createRequire(join(repoRoot, 'tools/deploy/package.json'));

  /** firebase-tools' prepare step: the env options it builds from firebase.json, as in deploy/functions/prepare.js. */
  function promptEnvOptions(root: string) {
    const { Config } = firebaseTools('firebase-tools/lib/config') as {
      Config: { load(options: object): { src: { functions: unknown }; path(p: string): string; projectDir: string } };
    };
    const projectConfig = firebaseTools('firebase-tools/lib/functions/projectConfig') as {
      normalizeAndValidate(config: unknown): { source: string; codebase: string }[];
      resolveConfigDir(config: object, codebase: string): string | undefined;
    };
    const config = Config.load({ cwd: root });
    const [codebase] = projectConfig.normalizeAndValidate(config.src.functions);
    if (!codebase) throw new Error('firebase.json names no functions');
    const configDir = projectConfig.resolveConfigDir(codebase, codebase.codebase);
    return {
      functionsSource: config.path(codebase.source),
      projectId: PROJECT,
      projectDir: config.projectDir,
      ...(configDir ? { configDir: config.path(configDir) } : {}),
    };
  }
  const env = firebaseTools('firebase-tools/lib/functions/env') as {
    loadUserEnvs(options: object): Record<string, string>;
    writeResolvedParams(resolved: object, userEnvs: object, options: object): void;
  };
  const { ParamValue } = firebaseTools('firebase-tools/lib/deploy/functions/params') as {
    ParamValue: new (value: string, internal: boolean, types: object) => object;
  };

  /** A tree as the functions' predeploy leaves it before its pack step: lib/ built (the workspace's build). */
  function builtTree(): string {
    const root = copyTree(good);
    made.push(root);
    cpSync(join(repoRoot, 'packages/contracts/dist'), join(root, 'packages/contracts/dist'), { recursive: true });
    cpSync(join(repoRoot, 'functions/lib'), join(root, 'functions/lib'), {
      recursive: true,
      filter: (source) => !source.startsWith(join(repoRoot, 'functions/lib/web')),
    });
    mkdirSync(join(root, 'functions/deploy')); // packed by an earlier deploy
    return root;
  }
  /** The predeploy's last step, which makes functions/deploy anew. */
  const pack = (root: string) => run('pnpm', ['--dir', join(root, 'functions'), 'run', 'pack'], { cwd: root });

  it('are written where the next deploy reads them, and survive its pack step', async () => {
    const root = builtTree();
    const options = promptEnvOptions(root);
    // The first deploy asked for APP_STORE_URL (unset) and wrote the answer, as prepare.js does.
    const typed = { APP_STORE_URL: new ParamValue('https://apps.apple.com/app/id1', false, { string: true }) };
    env.writeResolvedParams(typed, env.loadUserEnvs(options), options);
    // The next deploy's predeploy packs again.
    const again = await pack(root);
    expect(again.code, again.output).toBe(0);
    expect(env.loadUserEnvs(promptEnvOptions(root)).APP_STORE_URL).toBe('https://apps.apple.com/app/id1');
    expect(readFileSync(join(root, `functions/.env.${PROJECT}`), 'utf8')).toContain('APP_STORE_URL=');
  });

  it('left by an older deploy in functions/deploy stop the pack step, which changes nothing', async () => {
    const root = builtTree();
    const left = join(root, `functions/deploy/.env.${PROJECT}`);
    const kept = join(root, `functions/.env.${PROJECT}`);
    writeFileSync(left, `${goodParams}PICTURES_FOLDER=Avatars\n`);
    appendFileSync(join(root, 'functions/deploy/marker'), 'x');
    const refused = await pack(root);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `functions/deploy/.env.${PROJECT}: answers typed at an earlier deploy's prompt; move what functions/ lacks there`,
    );
    expect(readFileSync(kept, 'utf8')).toBe(goodParams);
    expect(readFileSync(left, 'utf8')).toBe(`${goodParams}PICTURES_FOLDER=Avatars\n`);
    expect(existsSync(join(root, 'functions/deploy/marker'))).toBe(true);
  });
});
