// `node run-predeploy.mjs <project folder> <target> <project id>`: runs that target's predeploy
// commands of the folder's firebase.json exactly as `firebase deploy` runs them, through
// firebase-tools' own hook runner (firebase-tools/lib/deploy/lifecycleHooks.js: the same shell, the same
// GCLOUD_PROJECT, PROJECT_DIR and RESOURCE_DIR), and stops where `firebase deploy` would stop.
// The commands print to this process's output. Exits 1 when a command failed.
import { createRequire } from 'node:module';

const [root, target, project] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { Config } = require('firebase-tools/lib/config');
const { lifecycleHooks } = require('firebase-tools/lib/deploy/lifecycleHooks');

const config = Config.load({ cwd: root });
try {
  await lifecycleHooks(target, 'predeploy')({}, { config, cwd: root, projectRoot: root, project, only: target });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
