/**
 * The Markdown side: every link and image must reach its file, and its heading when it names one
 * (remark-validate-links, run over all the docs at once so that a link into another doc is checked
 * against that doc's headings, slugged as GitHub does); every path in inline code, and every `src`
 * or `href` of inline HTML, must exist (ours), and every name of code in inline code must still be
 * one (`identifiers.ts`). Code blocks are commands and output: not read.
 */
import path, { posix } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Html, InlineCode, Root } from 'mdast';
import { remark } from 'remark';
import remarkValidateLinks from 'remark-validate-links';
import { engine, type Context, type Options } from 'unified-engine';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { CodeNames } from './identifiers.js';
import type { Repository } from './repository.js';
import type { Resolver } from './resolve.js';

export interface Finding {
  /** The file that names it, relative to the root. */
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

const SOURCE = 'pointers';

/** A remark plugin: the paths of inline code and inline HTML of a doc, against the repository. */
function repositoryPaths({ repository, resolver }: { repository: Repository; resolver: Resolver }) {
  return (tree: Root, file: VFile) => {
    const name = posix.relative(repository.root, path.resolve(file.cwd, file.path));
    const folder = posix.dirname(name) === '.' ? '' : posix.dirname(name);
    visit(tree, 'inlineCode', (node: InlineCode) => {
      for (const { path: missing } of resolver.missingIn(name, node.value)) {
        file.message(`\`${missing}\` names no file or folder of the repository`, {
          place: node.position,
          source: SOURCE,
          ruleId: 'missing-path',
        });
      }
    });
    visit(tree, 'html', (node: Html) => {
      for (const match of node.value.matchAll(/\b(?:src|href)="([^"#?]+)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z]+:|^\/|^#/i.test(target)) continue;
        const local = posix.normalize(posix.join(folder, target)).replace(/\/$/, '');
        if (repository.files.has(local) || repository.folders.has(local)) continue;
        file.message(`\`${target}\` (in HTML) names no file or folder of the repository`, {
          place: node.position,
          source: SOURCE,
          ruleId: 'missing-path',
        });
      }
    });
  };
}

/** Every problem of the given Markdown files (relative to the root). */
export async function checkMarkdown(
  repository: Repository,
  resolver: Resolver,
  files: readonly string[],
): Promise<Finding[]> {
  if (files.length === 0) return [];
  const names = new CodeNames(repository);
  const options: Options = {
    processor: remark(),
    cwd: repository.root,
    files: [...files],
    // A preset, as unified types it: the engine hands each plugin the file set (the other docs).
    plugins: [
      {
        plugins: [
          // No Git host: links are checked as files of this work tree, not as URLs of a hosted repository.
          [remarkValidateLinks, { repository: false, root: repository.root }],
          [repositoryPaths, { repository, resolver }],
          [names.plugin],
        ],
      },
    ],
    detectConfig: false,
    detectIgnore: false,
    silent: true,
    reporter: () => '',
    streamError: new PassThrough(),
    streamOut: new PassThrough(),
  };
  // The engine calls back (it answers no promise): its context holds every file it processed.
  const context = await new Promise<Context>((resolve, reject) =>
    engine(options, (error, _code, result) => (error || !result ? reject(error) : resolve(result))),
  );
  const findings = context.files.flatMap((file) =>
    file.messages.map((message) => ({
      file: posix.relative(repository.root, path.resolve(file.cwd, file.path)),
      line: message.line ?? 1,
      message: message.reason,
    })),
  );
  return [...findings, ...names.stale()];
}
