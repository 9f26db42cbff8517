// One folder for the run's rules verdicts (src/app-rules.ts, DAYFOCUS_RULES_VERDICTS): the deploys
// the tests run in copies of the tree inherit it, and the same rules are judged once a run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'dayfocus-rules-verdicts-'));
  process.env['DAYFOCUS_RULES_VERDICTS'] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
