// `node firestore-prepare.mjs <project folder> <project id> [--only <targets>]`: runs firebase-tools'
// own prepare step of the Firestore target (firebase-tools/lib/deploy/firestore/prepare.js), as
// `firebase deploy` runs it after the predeploys, and prints as JSON what the deploy and release
// steps then send: the rules files (`rules`: deploy.js uploads each, release.js releases each) and
// the index files. Its calls to Google (the API check, the database lookup, the rules' compilation)
// are stubbed: no machine here reaches Google, and what is sent is decided before them.
import { createRequire } from 'node:module';

const [root, project, flag, onlyValue] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { Config } = require('firebase-tools/lib/config');
require('firebase-tools/lib/ensureApiEnabled').ensure = async () => {};
require('firebase-tools/lib/firestore/api').FirestoreApi.prototype.getDatabase = async () => ({});
require('firebase-tools/lib/rulesDeploy').RulesDeploy.prototype.compile = async () => {};
const prepare = require('firebase-tools/lib/deploy/firestore/prepare').default;

const config = Config.load({ cwd: root });
const only = flag === '--only' ? onlyValue : undefined;
const context = { projectId: project };
await prepare(context, { config, cwd: root, projectRoot: root, project, projectId: project, only });
const firestore = context.firestore ?? { rules: [], indexes: [] };
process.stdout.write(
  JSON.stringify({
    deploysRules: Boolean(context.firestoreRules),
    rules: firestore.rules.map(({ rulesFile, databaseId }) => ({ rulesFile, databaseId })),
    uploads: (firestore.rulesDeploy?.rulesFiles ?? []).map(({ path }) => path),
    indexes: firestore.indexes.map(({ indexesFileName }) => indexesFileName),
  }),
);
