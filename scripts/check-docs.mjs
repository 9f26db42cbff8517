// `npm run lint`'s check of the docs that restate the code: docs/callables.md's capacity list
// is the manifest's rows (`--write` writes it), and the guides' worked examples
// (docs/first-change.md, docs/adding-a-mail.md) name files that exist and still hold what they
// say, in the numbers they state. Run with tsx (the manifest is TypeScript).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(`${root}${path}`, 'utf8');

const MANIFEST = 'packages/contracts/src/functions.ts';
const CALLABLES = 'docs/callables.md';
const FIRST_CHANGE = 'docs/first-change.md';
const ADDING_A_MAIL = 'docs/adding-a-mail.md';

const CAPACITY_START = '<!-- The capacity list, written from the manifest: tsx scripts/check-docs.mjs --write -->';
const CAPACITY_END = '<!-- End of the capacity list. -->';

/** Words wrapped at 100 columns, the continuation lines indented under the bullet's text. */
function wrapped(text) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > 100) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * The capacity list as the manifest's rows write it: one bullet per function, "- `name`: cap,
 * why", between its two markers in docs/callables.md.
 */
async function capacityList() {
  const { functionRows } = await import(`../${MANIFEST}`);
  // Between blank lines, as prettier keeps a list beside a comment.
  const bullets = [
    '',
    ...functionRows().flatMap((row) => wrapped(`- \`${row.name}\`: ${row.maxInstances}, ${row.why}`)),
    '',
  ];
  const lines = read(CALLABLES).split('\n');
  const start = lines.indexOf(CAPACITY_START);
  const end = lines.indexOf(CAPACITY_END);
  if (start < 0 || end < start) return { problems: [`${CALLABLES}: the capacity list's markers are missing`] };
  const written = [...lines.slice(0, start + 1), ...bullets, ...lines.slice(end)].join('\n');
  const current = lines.slice(start + 1, end).join('\n');
  const problems =
    current === bullets.join('\n')
      ? []
      : [`${CALLABLES}: the capacity list differs from ${MANIFEST}'s rows: run tsx scripts/check-docs.mjs --write`];
  return { problems, written };
}

/**
 * The most files a worked example may take, by guide and section, counting the lists named, so
 * that the house stays easy to add to: a new page is a row of the one route table, so the router,
 * the server renderer and the function take no line of their own; a new callable is a row of the
 * functions' manifest, from which its types, its schema, its rewrite, its capacity line and its
 * bad-input cases come; a new mail is a builder and its strings, laid out, checked and written by
 * the one mail module. A change that brings such a list back fails here.
 */
const GUIDES = {
  [FIRST_CHANGE]: {
    'Where a new page goes': { most: 4, counting: ['Written by hand'] },
    'Where a new callable goes': { most: 6, counting: ['Written by hand', 'Tests'] },
  },
  [ADDING_A_MAIL]: {
    'Where a new mail goes': { most: 5, counting: ['Written by hand', 'Tests'] },
  },
};

/**
 * The worked examples: each numbered item "N. `path` names `text`" (or ``` `` text `` ``` when the
 * text holds a backquote) is a file that exists and contains the text; each "**Label (N):**" over
 * a numbered list has N items; the labels a limited section counts add up to its limit at most.
 */
function workedExamples(guide, limits) {
  const lines = read(guide).split('\n');
  const problems = [];
  let counted = null;
  let section = null;
  const totals = new Map();
  lines.forEach((line, i) => {
    if (line.startsWith('## ')) section = line.slice(3);
    const heading = /^\*\*([^*]+) \((\d+)\):\*\*$/.exec(line);
    if (heading) counted = { label: heading[1], stated: Number(heading[2]), items: 0, line: i + 1 };
    if (heading && limits[section]?.counting.includes(heading[1]))
      totals.set(section, (totals.get(section) ?? 0) + counted.stated);
    const item = /^\d+\. `([^`]+)` names (?:`` (.+?) ``|`([^`]+)`)/.exec(line);
    if (item) {
      if (counted) counted.items++;
      const [, path, doubled, single] = item;
      const text = doubled ?? single;
      if (!existsSync(`${root}${path}`)) problems.push(`${guide}:${i + 1}: ${path} does not exist`);
      else if (!read(path).includes(text)) problems.push(`${guide}:${i + 1}: ${path} no longer names ${text}`);
    }
    const listEnded = line === '' && lines[i + 1] !== undefined && !/^(\d+\. |\s|$)/.test(lines[i + 1]);
    if (counted && counted.items > 0 && listEnded) {
      if (counted.items !== counted.stated)
        problems.push(`${guide}:${counted.line}: "${counted.label}" says ${counted.stated}, lists ${counted.items}`);
      counted = null;
    }
  });
  for (const [name, { most, counting }] of Object.entries(limits)) {
    const total = totals.get(name);
    if (total === undefined) problems.push(`${guide}: no section "${name}" counts ${counting.join(' and ')}`);
    else if (total > most)
      problems.push(`${guide}: "${name}" takes ${total} files (${counting.join(' and ')}), more than ${most}`);
  }
  return problems;
}

const capacity = await capacityList();
if (process.argv.includes('--write') && capacity.written !== undefined) {
  writeFileSync(`${root}${CALLABLES}`, capacity.written);
  capacity.problems = [];
}
const problems = [
  ...capacity.problems,
  ...Object.entries(GUIDES).flatMap(([guide, limits]) => workedExamples(guide, limits)),
];
for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) {
  process.stderr.write(`docs: ${problems.length} statement(s) of the docs the code no longer bears out\n`);
  process.exit(1);
}
process.stdout.write('docs: the capacity list and the worked examples match the code\n');
