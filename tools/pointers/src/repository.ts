/**
 * The repository as Git sees it: its files (tracked, and new ones not ignored), its folders, its
 * packages, and which paths it ignores (what a build or a run writes). A fresh clone has exactly
 * these, so the check answers the same on every machine, built or not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { posix } from 'node:path';

export interface Repository {
  /** Absolute path of the work tree. */
  readonly root: string;
  /** Every file, relative to the root, `/`-separated. */
  readonly files: ReadonlySet<string>;
  /** Every folder that holds a file, relative to the root (the root itself is `''`). */
  readonly folders: ReadonlySet<string>;
  /** The last segment of every file. */
  readonly basenames: ReadonlySet<string>;
  /** The folders with a `package.json` (the workspace's packages), and their `src/` where it exists. */
  readonly packageFolders: readonly string[];
  /** Which of these paths (relative to the root) Git ignores. */
  ignored(paths: readonly string[]): ReadonlySet<string>;
}

function git(root: string, args: readonly string[], input?: string): { status: number | null; stdout: string } {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  // `git check-ignore` answers 1 when nothing is ignored; anything else is a real failure.
  if (result.status !== 0 && result.status !== 1) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return { status: result.status, stdout: result.stdout };
}

export function readRepository(root: string): Repository {
  const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']).stdout;
  // A tracked file deleted in the work tree is gone for a reader too.
  const files = new Set(listed.split('\0').filter((file) => file !== '' && existsSync(posix.join(root, file))));
  const folders = new Set<string>(['']);
  const basenames = new Set<string>();
  for (const file of files) {
    basenames.add(posix.basename(file));
    for (let folder = posix.dirname(file); folder !== '.'; folder = posix.dirname(folder)) folders.add(folder);
  }
  const packageFolders: string[] = [];
  for (const file of files) {
    if (posix.basename(file) !== 'package.json') continue;
    const folder = posix.dirname(file) === '.' ? '' : posix.dirname(file);
    packageFolders.push(folder);
    if (folders.has(posix.join(folder, 'src'))) packageFolders.push(posix.join(folder, 'src'));
  }
  return {
    root,
    files,
    folders,
    basenames,
    packageFolders,
    ignored(paths) {
      if (paths.length === 0) return new Set();
      const answer = git(root, ['check-ignore', '--no-index', '--stdin', '-z'], paths.join('\0') + '\0');
      return new Set(answer.stdout.split('\0').filter((path) => path !== ''));
    },
  };
}
