/**
 * The deploy preflight: named checks that keep what is local out of a real project (the
 * companion shares the mobile app's Firebase project, where a wrong setting reaches the app's
 * users too). `npm run deploy:check` runs every check; each predeploy of firebase.json runs the
 * checks of its own target (`--only hosting`), before anything is built or uploaded.
 *
 * A check is one entry of `deployChecks`: a name, the deploy targets whose predeploy runs it,
 * and `run`, which answers the problems (each saying what to set) or none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { APP_CHECK_ALWAYS_CALLABLES } from '@dayfocus/contracts/functions';
import { paramsWithDefault } from '@dayfocus/contracts/function-params';
import { deployParamProblems, emulatorSettingsInDeploy, leftoverLines } from './deploy-env.js';
import { asList, envDir, readFirebaseJson, shown, type DeployContext } from './context.js';
import { deployableEnvFiles, deployEnv } from './function-env.js';
import { appRulesOutcome } from './app-rules.js';
import { deployableConfigProblems } from './web-config.js';
import { languagesOutcome } from './languages.js';
import { mailExtensionOutcome } from './mail-extension.js';
import { originTrialOutcome } from './origin-trial.js';
import { tokenSignerOutcome } from './token-signer.js';
import { quotaNotes } from './quota-notes.js';
import { rulesTargetOutcome } from './rules-target.js';

export type DeployTarget = 'hosting' | 'functions' | 'firestore';

export interface CheckOutcome {
  /** Each problem with what to set; none when the check passed. */
  problems: string[];
  /** The files the check read, for its line. */
  where?: string;
  /** What a passed check saw, for its line. */
  note?: string;
}

export interface DeployCheck {
  name: string;
  /** The deploy targets whose predeploy runs this check (`npm run deploy:check` runs all). */
  targets: readonly DeployTarget[];
  /** `earlier`: the reports of the checks run before it in this run (none: run alone). */
  run(deploy: DeployContext, earlier?: readonly CheckReport[]): CheckOutcome | Promise<CheckOutcome>;
}

const BUILD = '`WEB_CONFIG=path/to/config.json npm run build`';
const RENDERER = 'functions/lib/web/invitation-renderer.cjs';

const project: DeployCheck = {
  name: 'the project deployed to',
  targets: ['hosting', 'functions', 'firestore'],
  run({ project: { id, from } }) {
    if (!id)
      return { problems: [`no project (${from}): pass --project <id>, the project \`firebase deploy\` goes to`] };
    if (id.startsWith('demo-'))
      return {
        problems: [
          `${id} (${from}) is a demo project, the local stack's: deploy to the real project ` +
            '(`npx firebase use --add`, or `firebase deploy --project <id>`)',
        ],
      };
    return { problems: [], note: `${id} (${from})` };
  },
};

const hostingConfig: DeployCheck = {
  name: 'the web config Hosting serves',
  targets: ['hosting'],
  run({ root, project: { id } }) {
    const files = asList(readFirebaseJson(root).hosting).map((site) =>
      join(root, site.public ?? 'public', 'config.json'),
    );
    const problems = files.flatMap((path) => {
      const named = (problem: string) => (files.length > 1 ? `${shown(root, path)}: ${problem}` : problem);
      if (!existsSync(path)) return [named(`it is missing: build the site with ${BUILD}`)];
      let body: unknown;
      try {
        body = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        return [named(`it is not JSON: build the site with ${BUILD}`)];
      }
      return deployableConfigProblems(body, id).map(named);
    });
    return { problems, where: files.map((path) => shown(root, path)).join(', ') };
  },
};

/**
 * The `runtimeConfig` the renderer exports (null when it has none), loaded as the invitationPage
 * function loads it: required by plain Node, in a process of its own (this one's TypeScript
 * loader would transform the whole bundle).
 */
function builtConfig(path: string): unknown {
  const script = 'process.stdout.write(JSON.stringify(require(process.argv[1]).runtimeConfig ?? null))';
  try {
    return JSON.parse(execFileSync(process.execPath, ['-e', script, path], { encoding: 'utf8', stdio: 'pipe' }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    throw new Error(/^\w*Error: .*$/m.exec(stderr)?.[0] ?? (error as Error).message);
  }
}

const rendererConfig: DeployCheck = {
  name: 'the web config built into the server renderer',
  targets: ['functions'],
  run({ root, project: { id } }) {
    const path = join(root, RENDERER);
    const where = RENDERER;
    if (!existsSync(path))
      return {
        where,
        problems: [`it is missing: ${BUILD} writes it (the invitationPage function renders every page)`],
      };
    let runtimeConfig: unknown;
    try {
      runtimeConfig = builtConfig(path);
    } catch (error) {
      return { where, problems: [`it does not load (${(error as Error).message}): rebuild it with ${BUILD}`] };
    }
    if (runtimeConfig === null)
      return { where, problems: [`it names no runtimeConfig (an older build): rebuild it with ${BUILD}`] };
    return { where, problems: deployableConfigProblems(runtimeConfig, id) };
  },
};

const functionsCodebases = (root: string) => asList(readFirebaseJson(root).functions);

const functionParams: DeployCheck = {
  name: "the functions' params",
  targets: ['functions'],
  run(deploy) {
    const codebases = functionsCodebases(deploy.root);
    const files = codebases.map((codebase) =>
      shown(deploy.root, join(envDir(deploy.root, codebase), `.env.${deploy.project.id ?? '{projectId}'}`)),
    );
    const problems = codebases.flatMap((codebase, index) => {
      const named = (problem: string) => (codebases.length > 1 ? `${files[index]}: ${problem}` : problem);
      try {
        return deployParamProblems(deployEnv(deploy, codebase)).map(named);
      } catch (error) {
        const causes = (error as { children?: Error[] }).children ?? [];
        return [named([(error as Error).message, ...causes.map((cause) => cause.message)].join(' '))];
      }
    });
    // Monitor mode rolls App Check out for the callables; a call that mints a session enforces it anyway.
    const monitored = codebases.some((codebase) => deployEnv(deploy, codebase).APP_CHECK_ENFORCEMENT === 'monitor');
    const appCheck = monitored
      ? `; App Check monitored, but ${APP_CHECK_ALWAYS_CALLABLES.join(', ')} always enforces it`
      : '';
    return {
      problems,
      where: files.join(', '),
      note: `set; ${paramsWithDefault.join(', ')} may keep their defaults${appCheck}`,
    };
  },
};

const emulatorSwitches: DeployCheck = {
  name: 'no emulator switch in the functions env files',
  targets: ['functions'],
  run({ root }) {
    const problems = functionsCodebases(root).flatMap((codebase) => {
      const dir = envDir(root, codebase);
      return emulatorSettingsInDeploy(deployableEnvFiles(dir)).map(
        (found) => `${shown(root, dir)}/${found} is an emulator-only switch: remove it (keep it in .env.local)`,
      );
    });
    return { problems };
  },
};

const inside = (dir: string, parent: string) => dir === parent || dir.startsWith(parent + sep);

/**
 * firebase-tools writes what a person types at its params prompt to `.env.{projectId}` of the
 * configDir; the pack step (functions/scripts/pack-deploy.mjs) makes the source folder anew. So
 * the configDir must lie outside the source, and nothing typed at an earlier deploy may be left
 * in the source folder only.
 */
const promptAnswers: DeployCheck = {
  name: "answers typed at the deploy's params prompt are kept",
  targets: ['functions'],
  run({ root }) {
    const problems = functionsCodebases(root).flatMap((codebase) => {
      const source = resolve(root, codebase.source);
      const configDir = envDir(root, codebase);
      if (inside(configDir, source))
        return [
          `firebase.json's functions ("source": "${codebase.source}") keep their env files in the folder the pack makes ` +
            `anew, so answers typed at the deploy's prompt are lost: set "configDir": "${relative(root, join(source, '..'))}"`,
        ];
      return deployableEnvFiles(source).flatMap(({ name, text }) => {
        const [left, kept] = [shown(root, join(source, name)), join(configDir, name)];
        const { missing, differing } = leftoverLines(text, existsSync(kept) ? readFileSync(kept, 'utf8') : '');
        return [
          ...(missing.length > 0
            ? [
                `${left} holds ${missing.map(({ key }) => key).join(', ')} (typed at an earlier deploy's prompt), ` +
                  `which ${shown(root, kept)} lacks: move them there, then delete ${left}`,
              ]
            : []),
          ...differing.map(
            ({ key }) =>
              `${left} sets ${key} unlike ${shown(root, kept)}: keep the right value in ${shown(root, kept)} ` +
              `and delete ${left}`,
          ),
        ];
      });
    });
    return { problems };
  },
};

/**
 * No rules file in firebase.json: the shared project's rules are the app's, and no deploy from
 * here sends any. Every target's predeploy runs it, so that a plain `firebase deploy` stops at its
 * first predeploy, before anything is built or sent.
 */
const rulesTarget: DeployCheck = {
  name: 'firebase.json deploys no Firestore rules',
  targets: ['hosting', 'functions', 'firestore'],
  run: (deploy) => rulesTargetOutcome(deploy),
};

/**
 * The shared project's Firestore rules (the app's, with our fragment pasted in): before the
 * functions trust our collections, and before any rules are deployed. Its emulator's probe, seconds
 * long, runs only when every check before it (all that can fail) passed: a refused deploy stops sooner.
 */
const appRules: DeployCheck = {
  name: "the app's Firestore rules (APP_FIRESTORE_RULES)",
  targets: ['functions', 'firestore'],
  run: (deploy, earlier = []) =>
    appRulesOutcome(deploy, process.env, { judge: earlier.every((report) => report.problems.length === 0) }),
};

const languages: DeployCheck = {
  name: 'the languages switched on',
  targets: ['hosting', 'functions'],
  run: (deploy) => languagesOutcome(deploy),
};

const mailExtension: DeployCheck = {
  name: 'the Trigger Email extension (the verification mails)',
  targets: ['functions'],
  run: (deploy) => mailExtensionOutcome(deploy),
};

/** Who signs custom tokens, from the manifest and through gcloud: unread, it fails unless SKIP_SIGNER_CHECK=1. */
const tokenSigner: DeployCheck = {
  name: "the handoff's signer and the App Check fallback's minter alone sign custom tokens",
  targets: ['functions'],
  run: (deploy) => tokenSignerOutcome(deploy),
};

/** With EMAIL_PROOF on, Chrome's trial token for the site: present, ours, unexpired. */
const originTrial: DeployCheck = {
  name: "the e-mail proof's origin-trial token (EMAIL_PROOF)",
  targets: ['hosting', 'functions'],
  run: (deploy) => originTrialOutcome(deploy),
};

/** Every check, in the order they run (appRules after all that can fail). A new check is one more entry. */
export const deployChecks: DeployCheck[] = [
  project,
  rulesTarget,
  hostingConfig,
  rendererConfig,
  languages,
  mailExtension,
  originTrial,
  tokenSigner,
  functionParams,
  emulatorSwitches,
  promptAnswers,
  appRules,
  ...quotaNotes,
];

export interface CheckReport extends CheckOutcome {
  name: string;
}

/** Runs the checks of the given targets (all without `only`), one after another. */
export async function runDeployChecks(
  deploy: DeployContext,
  options: { only?: readonly DeployTarget[]; checks?: readonly DeployCheck[] } = {},
): Promise<CheckReport[]> {
  const { only, checks = deployChecks } = options;
  const chosen = checks.filter((check) => !only || check.targets.some((target) => only.includes(target)));
  const reports: CheckReport[] = [];
  for (const check of chosen) {
    try {
      reports.push({ name: check.name, ...(await check.run(deploy, reports)) });
    } catch (error) {
      reports.push({ name: check.name, problems: [`the check failed: ${(error as Error).message}`] });
    }
  }
  return reports;
}
