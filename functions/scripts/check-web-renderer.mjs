// Predeploy check (firebase.json): the invitation page's renderer must be in lib/web/, built by
// the web app's build together with the Hosting files it names. The functions' own predeploy
// build (tsc) does not make it: `npm run build` (with WEB_CONFIG) does, before the deploy.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const renderer = fileURLToPath(new URL('../lib/web/invitation-renderer.cjs', import.meta.url));
if (!existsSync(renderer)) {
  console.error(
    `Missing ${renderer}: run \`WEB_CONFIG=path/to/config.json npm run build\` before deploying ` +
      '(the invitationPage function renders the invitation with it).',
  );
  process.exit(1);
}
