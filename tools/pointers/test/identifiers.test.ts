import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPointers } from '../src/check.js';
import { namesIn } from '../src/identifiers.js';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function git(root: string, ...args: string[]): void {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
}

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

/**
 * A Git repository whose code had `retiredList` and `RETIRED_LIMIT`, then renamed them in a second
 * commit; `doc` is its README, written after (not committed: new files count).
 */
function renamedRepository(doc: string): string {
  const root = mkdtempSync(join(tmpdir(), 'identifiers-'));
  made.push(root);
  git(root, 'init', '--quiet');
  write(root, {
    'src/slices.ts': 'export const retiredList = [];\nexport const RETIRED_LIMIT = 3;\n',
    'src/href.ts': 'export function href(page: string): string {\n  return page;\n}\n',
  });
  git(root, 'add', '-A');
  git(root, 'commit', '--quiet', '-m', 'first');
  write(root, { 'src/slices.ts': 'export const currentList = [];\nexport const CURRENT_LIMIT = 3;\n' });
  git(root, 'commit', '--quiet', '-am', 'rename');
  write(root, { 'README.md': `# Project\n\n${doc}\n` });
  return root;
}

/** Names that exist, and names of other projects' code that this code never had. */
const CURRENT = [
  '`currentList` and `CURRENT_LIMIT=4`, built by `href(page)` or `href()`;',
  'the iOS `UIPasteControl`, `ReferrerDetails.getInstallReferrer()` and the `X_FORWARDED_FOR` header;',
  'a made-up `getInviterName({inviterId})`, `index.html`, `disabled`, `npm run doThing`.',
].join('\n');

describe('names of code in the docs', () => {
  it('finds nothing when every name is in the code or was never in it', async () => {
    expect(await checkPointers(renamedRepository(CURRENT))).toEqual([]);
  });

  it('names each doc line that names a name the code had and has no more', async () => {
    const root = renamedRepository(
      `${CURRENT}\nSee \`retiredList\`, \`RETIRED_LIMIT=3\` and \`currentList.retiredList\`.`,
    );
    expect((await checkPointers(root)).map(({ file, line, message }) => `${file}:${line}: ${message}`)).toEqual([
      'README.md:6: `RETIRED_LIMIT=3`: `RETIRED_LIMIT` is no longer a name in the code (renamed or removed)',
      'README.md:6: `currentList.retiredList`: `retiredList` is no longer a name in the code (renamed or removed)',
      'README.md:6: `retiredList` is no longer a name in the code (renamed or removed)',
    ]);
  });

  it('fails `npm run lint` on a removed name, and passes once the doc names the current one', () => {
    const check = fileURLToPath(new URL('../check.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const run = (root: string) => spawnSync(process.execPath, [tsx, check, root], { encoding: 'utf8' });
    const stale = run(renamedRepository('The slices are `retiredList`.'));
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('README.md:3: `retiredList` is no longer a name in the code');
    const current = run(renamedRepository('The slices are `currentList`.'));
    expect(current.stderr).toBe('');
    expect(current.status).toBe(0);
  });
});

describe('what is a name of code', () => {
  it.each([
    ['retiredList', ['retiredList']],
    ['NotificationHistory', ['NotificationHistory']],
    ['Foo.bar', ['Foo', 'bar']],
    ['doThing()', ['doThing']],
    ['href(page, params)', ['href']],
    ['BENCH_SIZES=1,10', ['BENCH_SIZES']],
    ['drawCard(request, format?): Promise<Buffer>', ['drawCard']],
    ['{inviterId, name, photoUrl}', ['inviterId', 'photoUrl']],
    ['getUser().disabled', ['getUser']],
  ])('`%s`', (code, names) => {
    expect(namesIn(code)).toEqual(names);
  });

  it.each(['disabled', 'Hindi', 'index.html', 'Node.js', 'apps/web/src/lib/auth.ts', 'npm run bench:web', '18_6'])(
    '`%s` is none',
    (code) => {
      expect(namesIn(code)).toEqual([]);
    },
  );
});
