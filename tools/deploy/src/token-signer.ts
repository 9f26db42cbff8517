/**
 * The preflight's check of who signs the sign-in handoff's custom tokens (docs/app-contract.md,
 * section 6). In a deployment the Admin SDK signs them through IAM's signBlob as the functions'
 * service account, the compute default account for 2nd-gen functions, which needs the Service
 * Account Token Creator role on itself; without it every redemption fails. What the check can
 * see depends on the machine: with gcloud signed in it reads the IAM policies and refuses a
 * deploy whose account lacks the role; without gcloud, or offline, it passes and says what to
 * grant (docs/deploying.md, step 3).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DeployContext } from './context.js';

export const TOKEN_CREATOR_ROLE = 'roles/iam.serviceAccountTokenCreator';

/** An IAM policy as `gcloud … get-iam-policy --format=json` prints it. */
export interface IamPolicy {
  bindings?: { role: string; members?: string[] }[];
}

/** Runs gcloud with these arguments and answers its standard output; throws when it cannot. */
export type Gcloud = (args: string[]) => Promise<string>;

/** The compute default service account of a project, which 2nd-gen functions run as unless told otherwise. */
export const computeServiceAccount = (projectNumber: string) =>
  `${projectNumber}-compute@developer.gserviceaccount.com`;

/** Whether any of the policies grants `account` the Token Creator role. */
export function grantsSigning(policies: readonly IamPolicy[], account: string): boolean {
  const member = `serviceAccount:${account}`;
  return policies.some((policy) =>
    (policy.bindings ?? []).some((binding) => binding.role === TOKEN_CREATOR_ROLE && binding.members?.includes(member)),
  );
}

/** Whether gcloud has credentials on this machine, seen from its files without starting it (seconds of Python). */
function gcloudSignedIn(): boolean {
  const config = process.env.CLOUDSDK_CONFIG ?? join(homedir(), '.config', 'gcloud');
  return ['credentials.db', 'access_tokens.db'].some((file) => existsSync(join(config, file)));
}

const runGcloud: Gcloud = (args) =>
  new Promise((resolve, reject) => {
    execFile('gcloud', [...args, '--quiet'], { timeout: 30_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });

const grantCommand = (account: string, project: string) =>
  `gcloud iam service-accounts add-iam-policy-binding ${account} --member=serviceAccount:${account} ` +
  `--role=${TOKEN_CREATOR_ROLE} --project=${project}`;

export async function tokenSignerOutcome(
  deploy: DeployContext,
  gcloud: Gcloud = runGcloud,
  signedIn: () => boolean = gcloudSignedIn,
): Promise<{ problems: string[]; where: string; note: string }> {
  const where = 'IAM, through gcloud';
  const project = deploy.project.id;
  const manual = `grant the functions' service account ${TOKEN_CREATOR_ROLE} on itself (docs/deploying.md, step 3)`;
  if (!project) return { where, problems: [], note: `no project to look at: ${manual}` };
  if (!signedIn()) return { where, problems: [], note: `not checked, gcloud is not signed in here: ${manual}` };
  let account: string;
  let policies: IamPolicy[];
  try {
    const number = (await gcloud(['projects', 'describe', project, '--format=value(projectNumber)'])).trim();
    account = computeServiceAccount(number);
    policies = await Promise.all([
      gcloud(['projects', 'get-iam-policy', project, '--format=json']),
      gcloud(['iam', 'service-accounts', 'get-iam-policy', account, `--project=${project}`, '--format=json']),
    ]).then((texts) => texts.map((text) => JSON.parse(text) as IamPolicy));
  } catch (error) {
    const reason = String((error as Error).message ?? error).split('\n')[0];
    return { where, problems: [], note: `not checked (${reason}): ${manual}` };
  }
  if (grantsSigning(policies, account)) return { where, problems: [], note: `${account} signs custom tokens` };
  return {
    where,
    problems: [
      `${account}, which the functions run as, lacks ${TOKEN_CREATOR_ROLE}: the app's sign-in on arrival would fail ` +
        `at every redemption. Grant it: ${grantCommand(account, project)}`,
    ],
    note: '',
  };
}
