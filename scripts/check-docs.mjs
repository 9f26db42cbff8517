// `npm run lint`'s check of the docs that restate the code: docs/architecture.md's capacity list
// names every function of the manifest with its cap, and docs/first-change.md's worked examples
// name files that exist and still hold what they say, in the numbers they state. Run with tsx (the
// manifest is TypeScript).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(`${root}${path}`, 'utf8');

const MANIFEST = 'packages/contracts/src/functions.ts';
const ARCHITECTURE = 'docs/architecture.md';
const FIRST_CHANGE = 'docs/first-change.md';

/**
 * The capacity list: the bullets after "**Capacity.**", each "- `name`, `name`: cap, why". Every
 * function of the manifest is named once, with its `maxInstances`; no other is named.
 */
async function capacityList() {
  const { functionRows } = await import(`../${MANIFEST}`);
  const caps = new Map(functionRows().map((row) => [row.name, row.maxInstances]));
  const lines = read(ARCHITECTURE).split('\n');
  const start = lines.findIndex((line) => line.startsWith('**Capacity.**'));
  const listed = new Map();
  const problems = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('#'); i++) {
    const bullet = /^- ((?:`\w+`(?:, )?)+): (\d+),/.exec(lines[i]);
    if (!bullet) continue;
    for (const [, name] of bullet[1].matchAll(/`(\w+)`/g)) {
      if (listed.has(name)) problems.push(`${ARCHITECTURE}:${i + 1}: ${name} is listed twice`);
      listed.set(name, { cap: Number(bullet[2]), line: i + 1 });
    }
  }
  for (const [name, cap] of caps) {
    const entry = listed.get(name);
    if (!entry) problems.push(`${ARCHITECTURE}: the capacity list lacks ${name} (cap ${cap}, ${MANIFEST})`);
    else if (entry.cap !== cap)
      problems.push(`${ARCHITECTURE}:${entry.line}: ${name} is capped at ${cap} in ${MANIFEST}, not ${entry.cap}`);
  }
  for (const [name, { line }] of listed)
    if (!caps.has(name)) problems.push(`${ARCHITECTURE}:${line}: ${name} is no function of ${MANIFEST}`);
  return problems;
}

/**
 * The most files written by hand a worked example may take, so that the house stays easy to add
 * to: a new page is a row of the one route table, so the router, the server renderer and the
 * function take no line of their own, and a change that brings such a list back fails here.
 */
const HAND_WRITTEN_LIMITS = { 'Where a new page goes': 4 };

/**
 * The worked examples: each numbered item "N. `path` names `text`" (or ``` `` text `` ``` when the
 * text holds a backquote) is a file that exists and contains the text; each "**Label (N):**" over
 * a numbered list has N items; "**Written by hand (N):**" under a limited section's heading is
 * within its limit.
 */
function workedExamples() {
  const lines = read(FIRST_CHANGE).split('\n');
  const problems = [];
  let counted = null;
  let section = null;
  lines.forEach((line, i) => {
    if (line.startsWith('## ')) section = line.slice(3);
    const heading = /^\*\*([^*]+) \((\d+)\):\*\*$/.exec(line);
    if (heading) counted = { label: heading[1], stated: Number(heading[2]), items: 0, line: i + 1 };
    const limit = HAND_WRITTEN_LIMITS[section];
    if (heading && heading[1] === 'Written by hand' && limit !== undefined && counted.stated > limit)
      problems.push(`${FIRST_CHANGE}:${i + 1}: "${section}" takes ${counted.stated} files by hand, more than ${limit}`);
    const item = /^\d+\. `([^`]+)` names (?:`` (.+?) ``|`([^`]+)`)/.exec(line);
    if (item) {
      if (counted) counted.items++;
      const [, path, doubled, single] = item;
      const text = doubled ?? single;
      if (!existsSync(`${root}${path}`)) problems.push(`${FIRST_CHANGE}:${i + 1}: ${path} does not exist`);
      else if (!read(path).includes(text)) problems.push(`${FIRST_CHANGE}:${i + 1}: ${path} no longer names ${text}`);
    }
    const listEnded = line === '' && lines[i + 1] !== undefined && !/^(\d+\. |\s|$)/.test(lines[i + 1]);
    if (counted && counted.items > 0 && listEnded) {
      if (counted.items !== counted.stated)
        problems.push(
          `${FIRST_CHANGE}:${counted.line}: "${counted.label}" says ${counted.stated}, lists ${counted.items}`,
        );
      counted = null;
    }
  });
  return problems;
}

const problems = [...(await capacityList()), ...workedExamples()];
for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) {
  process.stderr.write(`docs: ${problems.length} statement(s) of the docs the code no longer bears out\n`);
  process.exit(1);
}
process.stdout.write('docs: the capacity list and the worked examples match the code\n');
