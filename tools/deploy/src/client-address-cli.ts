/**
 * `npm run deploy:smoke -- --project <id|alias> [--hosting https://{domain}] [--run-url URL]`:
 * after a deploy, the client address's smoke check (client-address.ts). Hosting's origin is the
 * project's `web.app` one unless named; the probe's run.app URL is gcloud's unless named. It prints
 * the chain each way in got and the key made of it, writes them to
 * `.artifacts/client-address-smoke.json`, and exits 1 on any problem.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { callWay, describe, FORGED_ADDRESS, PROBE, problemsOf, waysInto } from './client-address.js';
import { findRoot, resolveProject } from './context.js';
import { runGcloud } from './token-signer.js';

const { values } = parseArgs({
  options: { project: { type: 'string' }, hosting: { type: 'string' }, 'run-url': { type: 'string' } },
  strict: true,
});
const root = findRoot(process.cwd());
const project = resolveProject(root, values.project).id;
if (!project || project.startsWith('demo-')) {
  process.stderr.write(`deploy:smoke: name a deployed project with --project (not ${project ?? 'none'})\n`);
  process.exit(2);
}

async function runUrlOf(id: string): Promise<string | undefined> {
  if (values['run-url']) return values['run-url'];
  const args = ['functions', 'describe', PROBE, `--region=${FUNCTIONS_REGION}`, `--project=${id}`];
  const url = await runGcloud([...args, '--format=value(serviceConfig.uri)']).catch((error: Error) => {
    process.stderr.write(`No run.app URL from gcloud (pass --run-url): ${error.message.split('\n')[0]}\n`);
    return '';
  });
  return url.trim() || undefined;
}

const ways = waysInto(project, values.hosting ?? `https://${project}.web.app`, await runUrlOf(project));
const seen = await Promise.all(ways.map((way) => callWay(way)));
const problems = problemsOf(ways, seen);
if (!ways.some((way) => way.name === 'run.app')) problems.push('run.app: not checked (no URL: pass --run-url)');

const record = join(root, '.artifacts', 'client-address-smoke.json');
mkdirSync(join(root, '.artifacts'), { recursive: true });
const checkedAt = new Date().toISOString();
writeFileSync(record, `${JSON.stringify({ checkedAt, project, forged: FORGED_ADDRESS, seen, problems }, null, 2)}\n`);

process.stdout.write(`Client address through each way in (${project}, forged ${FORGED_ADDRESS}):\n`);
for (const one of seen) process.stdout.write(`  ${describe(one)}\n`);
process.stdout.write(`Recorded in ${record}\n`);
if (problems.length > 0) {
  process.stderr.write(`FAIL\n${problems.map((problem) => `  ${problem}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('ok: one key for this caller whichever way, and no forged one\n');
