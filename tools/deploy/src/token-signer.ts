/**
 * The preflight's check of who can sign the sign-in handoff's custom tokens (docs/deploying.md,
 * step 3). A custom token is a sign-in as any uid. The Admin SDK signs it through IAM's signBlob
 * as the service account its function runs as, so that account needs the Service Account Token
 * Creator role on itself. Only the functions that mint (the manifest's rows with a
 * `serviceAccount`) run as the signer, `dayfocus-handoff-signer@{project}.iam.gserviceaccount.com`,
 * and it alone may sign: the role granted on itself, never on the project (there it signs as
 * every service account of the project), and never to the accounts every other function runs as
 * (the compute default account of 2nd-gen functions, the App Engine default account of 1st-gen
 * ones, our auth triggers). With gcloud signed in it reads the IAM policies and refuses what
 * breaks that. A check it could not make (gcloud not signed in, offline, no project) fails the
 * deploy as "not checked", with what to make and grant: a preflight that passes unchecked would
 * say a signer is safe that nobody looked at. `SKIP_SIGNER_CHECK=1` skips it, said on its line.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { functionRows, HANDOFF_SIGNER, serviceAccountEmail } from '@dayfocus/contracts/functions';
import type { DeployContext } from './context.js';

export const TOKEN_CREATOR_ROLE = 'roles/iam.serviceAccountTokenCreator';

/**
 * The project roles the signer's function needs for its own work (none of them signs): Firestore
 * (the codes, the locks, the mail outbox), Auth (an account locked on a reused code), App Check's
 * replay check (its token consumed).
 */
export const SIGNER_PROJECT_ROLES = [
  'roles/datastore.user',
  'roles/firebaseauth.admin',
  'roles/firebaseappcheck.tokenVerifier',
] as const;

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

/** The signer of a project: the account the minting functions run as. */
export const signerAccount = (projectId: string) => serviceAccountEmail(HANDOFF_SIGNER, projectId);

/** The functions that run as the signer (the manifest's rows that name it). */
export const signingFunctions = () =>
  functionRows()
    .filter((row) => row.serviceAccount === HANDOFF_SIGNER)
    .map((row) => row.name);

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

const runGcloud: Gcloud = (args) =>
  new Promise((resolve, reject) => {
    execFile('gcloud', [...args, '--quiet'], { timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });

/** What gcloud says of a service account that does not exist. */
const isNotFound = (error: unknown) => /NOT_FOUND|does not exist|Unknown service account/i.test(String(error));

/** The gcloud commands that make the signer and give it its one Token Creator grant, on itself. */
export function signerSetupCommands(project: string): string[] {
  const signer = signerAccount(project);
  return [
    `gcloud iam service-accounts create ${HANDOFF_SIGNER} --display-name="Dayfocus handoff signer" --project=${project}`,
    `gcloud iam service-accounts add-iam-policy-binding ${signer} --member=serviceAccount:${signer} ` +
      `--role=${TOKEN_CREATOR_ROLE} --project=${project}`,
  ];
}

/** The gcloud commands that give the signer the project roles its function's work needs. */
export function signerRoleCommands(project: string, roles: readonly string[] = SIGNER_PROJECT_ROLES): string[] {
  const signer = signerAccount(project);
  return roles.map(
    (role) => `gcloud projects add-iam-policy-binding ${project} --member=serviceAccount:${signer} --role=${role}`,
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
  signer: IamPolicy | null;
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
  const [projectPolicy, signer, ...runtimes] = await Promise.all([
    gcloud(['projects', 'get-iam-policy', project, '--format=json']).then((text) => JSON.parse(text) as IamPolicy),
    policyOf(signerAccount(project)),
    ...accounts.map(policyOf),
  ]);
  return {
    project: projectPolicy as IamPolicy,
    signer: signer ?? null,
    runtimes: accounts.map((account, i) => ({ account, policy: runtimes[i] ?? null })),
  };
}

/** What other functions run as each default account, for the problems. */
const runsAs = (account: string) =>
  account.endsWith('@developer.gserviceaccount.com')
    ? 'the compute default account, which every other 2nd-gen function runs as'
    : 'the App Engine default account, which every 1st-gen function (our auth triggers) runs as';

/** Every grant that lets anyone but the signer sign, or the signer sign as others; and a signer that cannot sign. */
export function signingProblems(project: string, policies: SigningPolicies): string[] {
  const signer = signerAccount(project);
  const functions = signingFunctions().join(', ');
  const runtimes = policies.runtimes.map(({ account }) => account);
  const problems: string[] = [];
  // On the project, the role signs as every service account of it, the signer included.
  for (const account of [signer, ...runtimes].filter((a) => grantsSigning(policies.project, a)))
    problems.push(
      `${account} (${account === signer ? 'the signer' : runsAs(account)}) holds ${TOKEN_CREATOR_ROLE} on the ` +
        'project: it can sign as every service account of the project and mint a sign-in for any user. Remove ' +
        `it: ${removeFromProject(project, account)}`,
    );
  // The accounts every other function runs as may sign as nobody: not as themselves, not as the signer.
  for (const { account, policy } of policies.runtimes) {
    const on = [
      ...(policy && grantsSigning(policy, account) ? [account] : []),
      ...(policies.signer && grantsSigning(policies.signer, account) ? [signer] : []),
    ];
    for (const target of on)
      problems.push(
        `${account} (${runsAs(account)}) holds ${TOKEN_CREATOR_ROLE} on ${target === account ? 'itself' : target}: ` +
          `every such function could mint a sign-in for any user. Remove it: ${removeFromAccount(project, target, account)}`,
      );
  }
  // No other workload signs as the signer.
  for (const member of policies.signer ? holders(policies.signer, TOKEN_CREATOR_ROLE) : []) {
    const account = member.replace(/^serviceAccount:/, '');
    if (!member.startsWith('serviceAccount:') || account === signer || runtimes.includes(account)) continue;
    problems.push(
      `${account} holds ${TOKEN_CREATOR_ROLE} on ${signer}: it can sign as the signer and mint a sign-in for any ` +
        `user. Remove it: ${removeFromAccount(project, signer, account)}`,
    );
  }
  const setup = signerSetupCommands(project);
  if (policies.signer === null)
    problems.push(
      `${signer}, which ${functions} run as, does not exist: the deploy would fail, and the app's sign-in on ` +
        `arrival with it. Create it and grant it ${TOKEN_CREATOR_ROLE} on itself: ${setup.join(' && ')}`,
    );
  else if (!grantsSigning(policies.signer, signer))
    problems.push(
      `${signer}, which ${functions} run as, lacks ${TOKEN_CREATOR_ROLE} on itself: every redemption would fail. ` +
        `Grant it on the account, not on the project: ${setup[1]}`,
    );
  return problems;
}

/** The variable that skips the check, for a deploy from a machine where gcloud cannot look. */
const SKIP = 'SKIP_SIGNER_CHECK';

export async function tokenSignerOutcome(
  deploy: DeployContext,
  gcloud: Gcloud = runGcloud,
  signedIn: () => boolean = gcloudSignedIn,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ problems: string[]; where: string; note: string }> {
  const where = 'IAM, through gcloud';
  const project = deploy.project.id;
  const functions = signingFunctions().join(', ');
  const manual = project
    ? `${functions} run as ${signerAccount(project)}: create it and grant it ${TOKEN_CREATOR_ROLE} on itself, ` +
      `nothing more (docs/deploying.md, step 3): ${signerSetupCommands(project).join(' && ')}`
    : `${functions} run as ${HANDOFF_SIGNER}@{project}.iam.gserviceaccount.com, which needs ` +
      `${TOKEN_CREATOR_ROLE} on itself (docs/deploying.md, step 3)`;
  const skip = env[SKIP];
  if (skip === '1') return { where, problems: [], note: `not checked, skipped by ${SKIP}=1: ${manual}` };
  const unclear =
    skip === undefined || skip === '' ? [] : [`${SKIP} is "${skip}": set it to 1 to skip the check, or unset it`];
  /** A check that could not be made: a problem, unless skipped. */
  const notChecked = (why: string, remedy: string) => ({
    where,
    problems: [...unclear, `not checked${why}: ${manual}; ${remedy}, or set ${SKIP}=1 to deploy unchecked`],
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
  const signer = signerAccount(project);
  const problems = [...unclear, ...signingProblems(project, policies)];
  if (problems.length > 0) return { where, problems, note: '' };
  const missing = SIGNER_PROJECT_ROLES.filter(
    (role) => !holders(policies.project, role).includes(`serviceAccount:${signer}`),
  );
  const roles =
    missing.length === 0
      ? `it holds ${SIGNER_PROJECT_ROLES.join(', ')} for its work`
      : `not seen on the project for it: ${missing.join(', ')}, which its work needs unless granted otherwise ` +
        `(${signerRoleCommands(project, missing).join(' && ')})`;
  return {
    where,
    problems: [],
    note: `${signer} alone signs custom tokens (${functions}), ${TOKEN_CREATOR_ROLE} on itself; ${roles}`,
  };
}
