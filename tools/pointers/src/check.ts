/**
 * The pointer check: every repository path named in the docs (Markdown) and in code comments
 * exists, and every doc link reaches its file and heading. `check.ts` at the package's root runs it
 * for `npm run lint`.
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { commentsOf, hasComments } from './comments.js';
import { checkMarkdown, type Finding } from './markdown.js';
import { readRepository } from './repository.js';
import { Resolver } from './resolve.js';

export type { Finding } from './markdown.js';

/** Files that are not ours to read: another project's text (the patch), data and generated lists. */
const NOT_OURS = [/^patches\//, /(^|\/)pnpm-lock\.yaml$/];

export async function checkPointers(root: string): Promise<Finding[]> {
  const repository = readRepository(root);
  const resolver = new Resolver(repository);
  const files = [...repository.files].filter((file) => !NOT_OURS.some((pattern) => pattern.test(file))).sort();
  const findings = await checkMarkdown(
    repository,
    resolver,
    files.filter((file) => file.endsWith('.md')),
  );
  for (const file of files) {
    if (file.endsWith('.md')) continue;
    const source = readFileSync(posix.join(root, file), 'utf8');
    if (!hasComments(file, source)) continue;
    for (const comment of commentsOf(file, source)) {
      for (const { path, offset } of resolver.missingIn(file, comment.text)) {
        const line = comment.line + (comment.text.slice(0, offset).match(/\n/g)?.length ?? 0);
        findings.push({ file, line, message: `\`${path}\` names no file or folder of the repository` });
      }
    }
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return findings.sort((a, b) => order(a.file, b.file) || a.line - b.line || order(a.message, b.message));
}
