/**
 * The preflight's check of who can sign tokens through IAM (docs/deploying.md, step 3). The Admin
 * SDK signs through IAM's signBlob as the service account its function runs as, so that account
 * needs the Service Account Token Creator role on itself. Two kinds of token are signed: a custom
 * token of the sign-in handoff (a sign-in as any uid), and the custom token the App Check
 * fallback's `createToken` exchanges for an App Check token. Each has an account of its own, which
 * the manifest's rows name (`serviceAccount`): the handoff's signer and the fallback's minter, the
 * role granted on itself, never on the project (there it signs as every service account of the
 * project), never on the other's account, and never to the accounts every other function runs as
 * (the compute default account of 2nd-gen functions, the App Engine default account of 1st-gen
 * ones, our auth triggers). The manifest is held against which function must run as which
 * account, without gcloud; with gcloud signed in it reads the IAM policies and refuses what breaks
 * the rest. A check it could not make (gcloud not signed in, offline, no project) fails the deploy
 * as "not checked", with what to make and grant: a preflight that passes unchecked would say a
 * signer is safe that nobody looked at. `SKIP_SIGNER_CHECK=1` skips the IAM part, said on its line.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { functionRows } from '@dayfocus/contracts/functions';
import type { DeployContext } from './context.js';
import { accountOf, manifestProblems, SIGNERS, TOKEN_CREATOR_ROLE, type ManifestRow, type Signer } from './signers.js';

export { TOKEN_CREATOR_ROLE };

/** An IAM policy as `gcloud … get-iam-policy --format=json` prints it. */
export interface IamPolicy {
  bindings?: { role: string; members?: string[] }[];
}

/** Runs gcloud with these arguments and answers its standard output; throws when it cannot. */
export type Gcloud = (args: string[]) => Promise<string>;

/** The compute default service account of a project, which 2nd-gen functions run as unless told otherwise. */
export const computeServiceAccount = (projectNumber: string) =>
  `${projectNumber}-compute@developer.gserviceaccount.com`;

/** The App Engine default service account, which 1st-gen functions (our auth triggers) run as. */
export const appEngineServiceAccount = (projectId: string) => `${projectId}@appspot.gserviceaccount.com`;

/** The members a policy grants `role` to. */
function holders(policy: IamPolicy, role: string): string[] {
  return (policy.bindings ?? []).filter((binding) => binding.role === role).flatMap((binding) => binding.members ?? []);
}

/** Whether the policy grants `account` the Token Creator role. */
export function grantsSigning(policy: IamPolicy, account: string): boolean {
  return holders(policy, TOKEN_CREATOR_ROLE).includes(`serviceAccount:${account}`);
}

/** Whether gcloud has credentials on this machine, seen from its files without starting it (seconds of Python). */
function gcloudSignedIn(): boolean {
  const config = process.env.CLOUDSDK_CONFIG ?? join(homedir(), '.config', 'gcloud');
  return ['credentials.db', 'access_tokens.db'].some((file) => existsSync(join(config, file)));
}

export const runGcloud: Gcloud = (args) =>
  new Promise((resolve, reject) => {
    execFile('gcloud', [...args, '--quiet'], { timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });

/** What gcloud says of a service account that does not exist. */
const isNotFound = (error: unknown) => /NOT_FOUND|does not exist|Unknown service account/i.test(String(error));

/** The gcloud commands that make a signer and give it its one Token Creator grant, on itself. */
export function signerSetupCommands(project: string, signer: Signer = SIGNERS[0] as Signer): string[] {
  const account = accountOf(signer, project);
  return [
    `gcloud iam service-accounts create ${signer.account} --display-name="${signer.displayName}" --project=${project}`,
    `gcloud iam service-accounts add-iam-policy-binding ${account} --member=serviceAccount:${account} ` +
      `--role=${TOKEN_CREATOR_ROLE} --project=${project}`,
  ];
}

/** The gcloud commands that give a signer the project roles its function's work needs. */
export function signerRoleCommands(
  project: string,
  signer: Signer,
  roles: readonly string[] = signer.projectRoles,
): string[] {
  const account = accountOf(signer, project);
  return roles.map(
    (role) => `gcloud projects add-iam-policy-binding ${project} --member=serviceAccount:${account} --role=${role}`,
  );
}

const removeFromProject = (project: string, account: string) =>
  `gcloud projects remove-iam-policy-binding ${project} --member=serviceAccount:${account} --role=${TOKEN_CREATOR_ROLE}`;
const removeFromAccount = (project: string, on: string, account: string) =>
  `gcloud iam service-accounts remove-iam-policy-binding ${on} --member=serviceAccount:${account} ` +
  `--role=${TOKEN_CREATOR_ROLE} --project=${project}`;

/** The IAM policies the check reads; an account's is null when the account does not exist. */
export interface SigningPolicies {
  project: IamPolicy;
  /** Each signer's, by account address. */
  signers: Record<string, IamPolicy | null>;
  /** The accounts every other function runs as: the compute default and the App Engine default. */
  runtimes: { account: string; policy: IamPolicy | null }[];
}

/** Reads the policies through gcloud; throws when gcloud cannot (offline, no permission). */
async function readPolicies(gcloud: Gcloud, project: string): Promise<SigningPolicies> {
  const policyOf = async (account: string): Promise<IamPolicy | null> => {
    try {
      const args = ['iam', 'service-accounts', 'get-iam-policy', account, `--project=${project}`, '--format=json'];
      return JSON.parse(await gcloud(args)) as IamPolicy;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const number = (await gcloud(['projects', 'describe', project, '--format=value(projectNumber)'])).trim();
  const accounts = [computeServiceAccount(number), appEngineServiceAccount(project)];
  const signers = SIGNERS.map((signer) => accountOf(signer, project));
  const [projectPolicy, ...policies] = await Promise.all([
    gcloud(['projects', 'get-iam-policy', project, '--format=json']).then((text) => JSON.parse(text) as IamPolicy),
    ...[...signers, ...accounts].map(policyOf),
  ]);
  return {
    project: projectPolicy as IamPolicy,
    signers: Object.fromEntries(signers.map((account, i) => [account, policies[i] ?? null])),
    runtimes: accounts.map((account, i) => ({ account, policy: policies[signers.length + i] ?? null })),
  };
}

/** What other functions run as each default account, for the problems. */
const runsAs = (account: string) =>
  account.endsWith('@developer.gserviceaccount.com')
    ? 'the compute default account, which every other 2nd-gen function runs as'
    : 'the App Engine default account, which every 1st-gen function (our auth triggers) runs as';

/** Every grant that lets anyone but a signer sign, or a signer sign as others; and a signer that cannot sign. */
export function signingProblems(project: string, policies: SigningPolicies): string[] {
  const signers = SIGNERS.map((signer) => ({ signer, account: accountOf(signer, project) }));
  const signerAccounts = signers.map(({ account }) => account);
  const runtimes = policies.runtimes.map(({ account }) => account);
  const policyOf = (account: string) => policies.signers[account] ?? null;
  const problems: string[] = [];
  // On the project, the role signs as every service account of it, the signers included.
  for (const account of [...signerAccounts, ...runtimes].filter((a) => grantsSigning(policies.project, a))) {
    const signer = signers.find((each) => each.account === account)?.signer;
    problems.push(
      `${account} (${signer ? signer.label : runsAs(account)}) holds ${TOKEN_CREATOR_ROLE} on the ` +
        'project: it can sign as every service account of the project and mint a sign-in for any user. Remove ' +
        `it: ${removeFromProject(project, account)}`,
    );
  }
  // The accounts every other function runs as may sign as nobody: not as themselves, not as a signer.
  for (const { account, policy } of policies.runtimes) {
    if (policy && grantsSigning(policy, account))
      problems.push(
        `${account} (${runsAs(account)}) holds ${TOKEN_CREATOR_ROLE} on itself: every such function could mint a ` +
          `sign-in for any user. Remove it: ${removeFromAccount(project, account, account)}`,
      );
    for (const { signer, account: target } of signers) {
      const targetPolicy = policyOf(target);
      if (targetPolicy && grantsSigning(targetPolicy, account))
        problems.push(
          `${account} (${runsAs(account)}) holds ${TOKEN_CREATOR_ROLE} on ${target}: every such function could ` +
            `${signer.power}. Remove it: ${removeFromAccount(project, target, account)}`,
        );
    }
  }
  // No other workload signs as a signer, the other signer included.
  for (const { signer, account: target } of signers) {
    const policy = policyOf(target);
    for (const member of policy ? holders(policy, TOKEN_CREATOR_ROLE) : []) {
      const account = member.replace(/^serviceAccount:/, '');
      if (!member.startsWith('serviceAccount:') || account === target || runtimes.includes(account)) continue;
      problems.push(
        `${account} holds ${TOKEN_CREATOR_ROLE} on ${target}: it can sign as ${signer.label} and ${signer.power}. ` +
          `Remove it: ${removeFromAccount(project, target, account)}`,
      );
    }
  }
  for (const { signer, account } of signers) {
    const policy = policies.signers[account];
    const functions = signer.functions.join(', ');
    const setup = signerSetupCommands(project, signer);
    if (policy === null || policy === undefined)
      problems.push(
        `${account}, which ${functions} run as, does not exist: the deploy would fail. ` +
          `Create it and grant it ${TOKEN_CREATOR_ROLE} on itself: ${setup.join(' && ')}`,
      );
    else if (!grantsSigning(policy, account))
      problems.push(
        `${account}, which ${functions} run as, lacks ${TOKEN_CREATOR_ROLE} on itself: ${signer.withoutGrant}. ` +
          `Grant it on the account, not on the project: ${setup[1]}`,
      );
  }
  return problems;
}

/** The variable that skips the check, for a deploy from a machine where gcloud cannot look. */
const SKIP = 'SKIP_SIGNER_CHECK';

export async function tokenSignerOutcome(
  deploy: DeployContext,
  gcloud: Gcloud = runGcloud,
  signedIn: () => boolean = gcloudSignedIn,
  env: NodeJS.ProcessEnv = process.env,
  rows: readonly ManifestRow[] = functionRows(),
): Promise<{ problems: string[]; where: string; note: string }> {
  const where = 'IAM, through gcloud';
  const project = deploy.project.id;
  const manifest = manifestProblems(rows);
  const manual = SIGNERS.map((signer) =>
    project
      ? `${signer.functions.join(', ')} run as ${accountOf(signer, project)}: create it and grant it ` +
        `${TOKEN_CREATOR_ROLE} on itself, nothing more (docs/deploying.md, step 3): ` +
        signerSetupCommands(project, signer).join(' && ')
      : `${signer.functions.join(', ')} run as ${signer.account}@{project}.iam.gserviceaccount.com, which needs ` +
        `${TOKEN_CREATOR_ROLE} on itself (docs/deploying.md, step 3)`,
  ).join('; ');
  const skip = env[SKIP];
  if (skip === '1') return { where, problems: manifest, note: `not checked, skipped by ${SKIP}=1: ${manual}` };
  const unclear =
    skip === undefined || skip === '' ? [] : [`${SKIP} is "${skip}": set it to 1 to skip the check, or unset it`];
  /** A check that could not be made: a problem, unless skipped. */
  const notChecked = (why: string, remedy: string) => ({
    where,
    problems: [
      ...manifest,
      ...unclear,
      `not checked${why}: ${manual}; ${remedy}, or set ${SKIP}=1 to deploy unchecked`,
    ],
    note: '',
  });
  if (!project) return notChecked(', no project', 'pass --project');
  if (!signedIn()) return notChecked(', gcloud is not signed in here', 'sign in with `gcloud auth login`');
  let policies: SigningPolicies;
  try {
    policies = await readPolicies(gcloud, project);
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0];
    return notChecked(` (${reason})`, "run it where gcloud reaches the project's IAM policies");
  }
  const problems = [...manifest, ...unclear, ...signingProblems(project, policies)];
  if (problems.length > 0) return { where, problems, note: '' };
  const notes = SIGNERS.map((signer) => {
    const account = accountOf(signer, project);
    const missing = signer.projectRoles.filter(
      (role) => !holders(policies.project, role).includes(`serviceAccount:${account}`),
    );
    const roles =
      missing.length === 0
        ? `it holds ${signer.projectRoles.join(', ')} for its work`
        : `not seen on the project for it: ${missing.join(', ')}, which its work needs unless granted otherwise ` +
          `(${signerRoleCommands(project, signer, missing).join(' && ')})`;
    return `${account} alone signs custom tokens (${signer.functions.join(', ')}), ${TOKEN_CREATOR_ROLE} on itself; ${roles}`;
  });
  return { where, problems: [], note: notes.join('; ') };
}
