// `node run-predeploy.mjs <project folder> <target|all> <project id>`: runs that target's predeploy
// commands of the folder's firebase.json exactly as `firebase deploy` runs them, through
// firebase-tools' own hook runner (firebase-tools/lib/deploy/lifecycleHooks.js: the same shell, the same
// GCLOUD_PROJECT, PROJECT_DIR and RESOURCE_DIR), and stops where `firebase deploy` would stop.
// `all` is a plain `firebase deploy` (no --only): every target firebase.json has, in firebase-tools'
// order (filterTargets over deploy/index.js's VALID_DEPLOY_TARGETS), each predeploy before the next,
// as deploy/index.js chains them before any target is prepared or sent.
// The commands print to this process's output. Exits 1 when a command failed.
import { createRequire } from 'node:module';

const [root, target, project] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { Config } = require('firebase-tools/lib/config');
const { lifecycleHooks } = require('firebase-tools/lib/deploy/lifecycleHooks');
const { filterTargets } = require('firebase-tools/lib/filterTargets');
// The targets' order, for a plain deploy: firebase-tools/lib/deploy loads every target's deploy
// code (0.9 processor-seconds against 0.3 for the rest), which one target's predeploy does without.
const validTargets = () => require('firebase-tools/lib/deploy').VALID_DEPLOY_TARGETS;

const config = Config.load({ cwd: root });
const only = target === 'all' ? undefined : target;
const options = { config, cwd: root, projectRoot: root, project, only };
const targets = only ? [only] : filterTargets(options, [...validTargets()]);
process.stdout.write(`predeploy of ${targets.join(', ')}\n`);
try {
  for (const name of targets) await lifecycleHooks(name, 'predeploy')({}, options);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
