// `npm run lint`'s pointer check (src/check.ts): prints each pointer that reaches nothing (a path, a
// link, a name the code no longer has), with its file and line, and exits 1 if there is one. Checks
// the repository it is in, or the folder given.
import { fileURLToPath } from 'node:url';
import { checkPointers } from './src/check.js';

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url));
const findings = await checkPointers(root);
for (const { file, line, message } of findings) process.stderr.write(`${file}:${line}: ${message}\n`);
if (findings.length > 0) {
  process.stderr.write(`pointers: ${findings.length} pointer(s) reach nothing; fix the path or the text\n`);
  process.exit(1);
}
process.stdout.write(
  'pointers: every path named in the docs and in comments exists, every doc link resolves, every name of code is one\n',
);
