// Predeploy check (firebase.json): no functions/.env* file that a deploy reads may set an
// emulator-only switch (lib/domain/deploy-env.js, built by the predeploy step before this one).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emulatorSettingsInDeploy } from '../lib/domain/deploy-env.js';

const dir = fileURLToPath(new URL('..', import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.startsWith('.env'))
  .map((name) => ({ name, text: readFileSync(`${dir}/${name}`, 'utf8') }));
const problems = emulatorSettingsInDeploy(files);
if (problems.length > 0) {
  console.error(
    `Refusing to deploy: these functions/.env files set emulator-only switches (keep them in .env.local):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
