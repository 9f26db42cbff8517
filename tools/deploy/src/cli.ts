/**
 * `npm run deploy:check [-- --project <id|alias>] [--only hosting,functions]`: the deploy
 * preflight (checks.ts), one line per check; exits 1 when any check found a problem. Every
 * predeploy of firebase.json runs it for its own target, with the project firebase-tools chose
 * (`--project "$GCLOUD_PROJECT"`), from the repository (the folder of the nearest firebase.json).
 */
import { parseArgs } from 'node:util';
import { deployChecks, runDeployChecks, type DeployTarget } from './checks.js';
import { findRoot, resolveProject } from './context.js';

const TARGETS: readonly DeployTarget[] = ['hosting', 'functions', 'firestore'];

const { values } = parseArgs({
  options: { project: { type: 'string' }, only: { type: 'string' } },
  strict: true,
});
// `--only functions,firestore:rules` as firebase deploy takes it: the part before a colon.
const only = values.only?.split(',').map((target) => target.split(':')[0]?.trim() as DeployTarget);
const unknown = only?.filter((target) => !TARGETS.includes(target)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`deploy:check: --only takes ${TARGETS.join(', ')}; not ${unknown.join(', ')}\n`);
  process.exit(2);
}

const root = findRoot(process.cwd());
const reports = await runDeployChecks(
  { root, project: resolveProject(root, values.project) },
  { checks: deployChecks, ...(only ? { only } : {}) },
);
const failed = reports.filter((report) => report.problems.length > 0);
const scope = only ? ` (${only.join(', ')})` : '';
process.stdout.write(`Deploy check${scope}:\n`);
for (const { name, problems, where, note } of reports) {
  const title = where ? `${name} (${where})` : name;
  process.stdout.write(
    problems.length === 0
      ? `  ok    ${title}${note ? `: ${note}` : ''}\n`
      : `  FAIL  ${title}: ${problems.join('; ')}\n`,
  );
}
if (failed.length > 0) {
  process.stderr.write(
    `Refusing to deploy: ${failed.length} of ${reports.length} checks failed (docs/deploying.md).\n`,
  );
  process.exit(1);
}
