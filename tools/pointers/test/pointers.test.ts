import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPointers } from '../src/check.js';
import { pointersIn } from '../src/pointers.js';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A Git work tree in a temporary folder holding these files (nothing committed: new files count). */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pointers-'));
  made.push(root);
  const init = spawnSync('git', ['init', '--quiet'], { cwd: root, encoding: 'utf8' });
  expect(init.status, init.stderr).toBe(0);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** A small repository whose every pointer resolves. */
const sound: Record<string, string> = {
  '.gitignore': '.artifacts/\n/pkg/lib/\ndist/\n',
  'README.md': [
    '# Project',
    '',
    'See [the guide](docs/guide.md), [its setup](docs/guide.md#set-it-up) and [the top](#project).',
    '`pkg/src/flows/run.ts` runs, `flows/run.ts` too (from the package), `pkg/` is the package.',
    'Not ours: `firebase-admin/firestore`, `https://example.com/x/y.ts`, `/l/{code}`, `functions/not-found`,',
    '`.env.{projectId}`, `pkg/.env`, `docs/**`, `pkg/src/{name}.ts`, and `.artifacts/out.json`, `pkg/lib/run.js` or',
    '`pkg/dist`, written by a run or a build. `guide.md` is a name some file has, `.md` no name.',
    '<img src="docs/shot.png" width="10" alt="">',
    '',
    '```sh',
    'tsx pkg/src/not-here.ts   # a command in a code block is not read',
    '```',
  ].join('\n'),
  'docs/guide.md': '# Guide\n\n## Set it up\n\nRun `../pkg/src/flows/run.ts` ([the README](../README.md)).\n',
  'docs/shot.png': 'png',
  'pkg/package.json': '{}',
  'pkg/src/flows/run.ts': [
    '// The rules are in docs/guide.md (see flows/run.ts and `pkg/src/flows/run.ts`).',
    "const text = 'a // pkg/src/in-a-string.ts is no comment';",
    '/* Imported as ./run.js; firebase-tools/lib/emulator/x.js is theirs; the run/baseline ratio. */',
    'export const pattern = /\\/\\/ pkg\\/src\\/in-a-regex.ts/;',
    'export default text;',
  ].join('\n'),
};

describe('the pointer check', () => {
  it('finds nothing in a repository whose every pointer resolves', async () => {
    expect(await checkPointers(repository(sound))).toEqual([]);
  });

  it('names each doc line and comment that points at a missing file, folder or heading', async () => {
    const root = repository({
      ...sound,
      'README.md': `${sound['README.md']}\n\nSee \`pkg/src/flows/gone.ts\`, \`docs/old/\` and \`gone.md\`.\n`,
      'docs/guide.md': `${sound['docs/guide.md']}\n[Old](old.md), [a heading](../README.md#no-such-heading).\n`,
      'pkg/src/flows/run.ts': `${sound['pkg/src/flows/run.ts']}\n// Moved from flows/retry.ts (see docs/retry.md).\n`,
      // A script's `#!` line is read as a comment; lines count past text beyond ASCII and in a comment.
      'pkg/bin/start.mjs':
        "#!/usr/bin/env -S node --import ./gone.mjs\nconst hello = 'नमस्ते';\n/* Starts\n   pkg/src/flows/start.ts */\n",
    });
    const findings = await checkPointers(root);
    expect(findings.map(({ file, line, message }) => `${file}:${line}: ${message}`)).toEqual([
      'README.md:14: `docs/old/` names no file or folder of the repository',
      'README.md:14: `gone.md` names no file or folder of the repository',
      'README.md:14: `pkg/src/flows/gone.ts` names no file or folder of the repository',
      'docs/guide.md:7: Cannot find file `old.md`',
      'docs/guide.md:7: Cannot find heading for `#no-such-heading` in `../README.md`',
      'pkg/bin/start.mjs:1: `./gone.mjs` names no file or folder of the repository',
      'pkg/bin/start.mjs:4: `pkg/src/flows/start.ts` names no file or folder of the repository',
      'pkg/src/flows/run.ts:6: `docs/retry.md` names no file or folder of the repository',
      'pkg/src/flows/run.ts:6: `flows/retry.ts` names no file or folder of the repository',
    ]);
  });

  it('fails `npm run lint` with one line per pointer, and passes once they resolve', () => {
    const check = fileURLToPath(new URL('../check.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const run = (root: string) => spawnSync(process.execPath, [tsx, check, root], { encoding: 'utf8' });
    const broken = run(repository({ ...sound, 'docs/more.md': 'Was `pkg/src/old.ts`.\n' }));
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('docs/more.md:1: `pkg/src/old.ts` names no file or folder of the repository');
    const fixed = run(repository({ ...sound, 'docs/more.md': 'Is `pkg/src/flows/run.ts`.\n' }));
    expect(fixed.stderr).toBe('');
    expect(fixed.status).toBe(0);
  });
});

describe('what may be a path', () => {
  it.each([
    ['`tools/stack/dev.ts`', ['tools/stack/dev.ts']],
    ['(see docs/joins.md#rules).', ['docs/joins.md']],
    ["public/config.json's keys", ['public/config.json']],
    ['BENCH_SIZES=1 tsx tools/bench/activation.ts:12', ['tools/bench/activation.ts']],
    ['joins.test.ts and Node.js', ['joins.test.ts']],
    ['`/welcome/:inviteeId?` https://x.dev/a.ts @dayfocus/stack/testing {uid}/x.ts **/*.md', []],
    ['functions/not-found, auth/email-already-in-use and a/… or a/...', []],
  ])('%s', (text, paths) => {
    expect(pointersIn(text).map(({ path }) => path)).toEqual(paths);
  });
});
