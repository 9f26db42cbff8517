// A language is one file (docs/languages.md): in a copy of the tree, a new file in
// packages/contracts/src/locales and its code in the configuration's portalLanguages, and no
// other edit, put the language on every surface: the app's chunks and switch, the server's
// pages (lang, dir, og:locale), a short link's page, the push and the verification e-mail.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTrees, repoRoot, run, WEB_APP_SOURCES } from './tree.js';

/** The new language: Esperanto, every string English's with a mark, so that each surface shows whose words it uses. */
const CODE = 'eo';
const MARK = '«eo»';
const localeFile = `import en, { type Locale } from './en.js';

type Tree = { [key: string]: string | Tree };
const marked = (tree: Tree): Tree =>
  Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? '${MARK} ' + value : marked(value)]));

const eo: Locale = {
  code: '${CODE}',
  name: 'Esperanto',
  dir: 'ltr',
  ogLocale: 'eo_XX',
  web: marked(en.web as unknown as Tree) as unknown as Locale['web'],
  server: marked(en.server as unknown as Tree) as unknown as Locale['server'],
};

export default eo;
`;

/** `node_modules` of `pkg` in the copy: the workspace's entries, but @dayfocus/contracts the copy's own. */
function linkModules(root: string, pkg: string) {
  const from = join(repoRoot, pkg, 'node_modules');
  const to = join(root, pkg, 'node_modules');
  mkdirSync(join(to, '@dayfocus'), { recursive: true });
  for (const name of readdirSync(from)) if (name !== '@dayfocus') symlinkSync(join(from, name), join(to, name));
  const ours = join(from, '@dayfocus');
  for (const name of existsSync(ours) ? readdirSync(ours) : [])
    symlinkSync(
      name === 'contracts' ? join(root, 'packages/contracts') : join(from, '@dayfocus', name),
      join(to, '@dayfocus', name),
    );
}

let root: string;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'dayfocus-language-')));
  const copy = (path: string) => cpSync(join(repoRoot, path), join(root, path), { recursive: true });
  for (const path of ['tsconfig.base.json', 'packages/contracts/src', 'packages/contracts/scripts']) copy(path);
  for (const name of ['package.json', 'tsconfig.json', 'tsconfig.build.json']) copy(`packages/contracts/${name}`);
  for (const name of WEB_APP_SOURCES) copy(`apps/web/${name}`);
  for (const name of ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts'])
    copy(`functions/${name}`);
  symlinkSync(join(repoRoot, 'packages/contracts/node_modules'), join(root, 'packages/contracts/node_modules'));
  linkModules(root, 'apps/web');
  linkModules(root, 'functions');

  // The one file, and the one configuration line.
  writeFileSync(join(root, `packages/contracts/src/locales/${CODE}.ts`), localeFile);
  const configPath = join(root, 'apps/web/public/config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { portalLanguages: string[] };
  config.portalLanguages.push(CODE);
  writeFileSync(configPath, JSON.stringify(config, null, 2));

  for (const [dir, command, args] of [
    ['packages/contracts', 'node_modules/.bin/tsc-native', ['-p', 'tsconfig.build.json']],
    ['packages/contracts', process.execPath, ['scripts/mark-commonjs.mjs']],
    ['apps/web', 'node_modules/.bin/vite', ['build']],
    ['apps/web', 'node_modules/.bin/vite', ['build', '--ssr', ssrEntry()]],
    ['functions', 'node_modules/.bin/tsc-native', ['-p', 'tsconfig.build.json']],
  ] as const) {
    const cwd = join(root, dir);
    const bin = command.startsWith('node_modules') ? join(repoRoot, dir, command) : command;
    const built = await run(bin, [...args], { cwd });
    if (built.code !== 0) throw new Error(`${dir}: ${command} ${args.join(' ')} failed:\n${built.output}`);
  }
  // A bound, not an expected time: the five builds took 302 s in a fresh run with every unit-test
  // stage and both stacks beside them (L1, a page fault 21.9 µs), 245 s in K2; the deploy tests
  // allow 600 s for their builds and installs alike.
}, 600_000);

afterAll(() => removeTrees(root));

/** The server renderer's entry, as the web app's own build names it (apps/web/package.json). */
function ssrEntry(): string {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'apps/web/package.json'), 'utf8')) as {
    scripts: { build: string };
  };
  const entry = /--ssr (\S+)/.exec(scripts.build)?.[1];
  if (!entry) throw new Error(`apps/web's build names no --ssr entry: ${scripts.build}`);
  return entry;
}

/** What the built renderer and functions answer, in a Node of their own (as the deployed code runs). */
function inBuilt<T>(script: string): T {
  const output = execFileSync(process.execPath, ['-e', script], { cwd: join(root, 'functions'), encoding: 'utf8' });
  return JSON.parse(output) as T;
}

describe('a language added as one file and one configuration line', () => {
  it('is a chunk of the app, and the switch lists it by its own name', () => {
    const assets = readdirSync(join(root, 'apps/web/dist/assets'));
    expect(assets.some((name) => name.startsWith(`${CODE}-`) && name.endsWith('.js'))).toBe(true);
    const languages = JSON.parse(readFileSync(join(root, 'functions/lib/web/languages.json'), 'utf8')) as {
      code: string;
    }[];
    expect(languages.map((language) => language.code)).toContain(CODE);
  });

  it('is the language of the server-drawn pages: their words, lang, dir and og:locale', () => {
    const page = inBuilt<{ html: string; language: string }>(`
      require('./lib/web/invitation-renderer.cjs')
        .renderWebPage({ path: '/feedback/asha/${CODE}', inviter: { inviterId: 'asha', name: 'Asha Verma', photoUrl: null },
          productDomain: 'https://dayfocus.app', productImageUrl: 'https://dayfocus.app/p.png' })
        .then((page) => process.stdout.write(JSON.stringify(page)));`);
    expect(page.language).toBe(CODE);
    expect(page.html).toContain(`<html lang="${CODE}" dir="ltr"`);
    expect(page.html).toContain('<meta property="og:locale" content="eo_XX" />');
    expect(page.html).toContain(`${MARK} You are invited`);
    // The language switch names it by its own name.
    expect(page.html).toMatch(/hrefLang="eo"[^>]*>Esperanto<|hreflang="eo"[^>]*>Esperanto</i);
  });

  it("is the language of a short link's page", () => {
    const page = inBuilt<{ html: string; language: string }>(`
      const renderer = require('./lib/web/invitation-renderer.cjs');
      const language = renderer.pageLanguage({ acceptLanguage: '${CODE},en;q=0.5' });
      renderer.renderLinkPage({ path: '/l/abcdefgh', language, nonce: 'n',
        content: { kind: 'not-found', platform: 'ios', appStoreUrl: 'https://apps.apple.com/app/id1', playStoreUrl: 'https://play.google.com/store/apps/details?id=x' } })
        .then((page) => process.stdout.write(JSON.stringify(page)));`);
    expect(page.language).toBe(CODE);
    expect(page.html).toContain(`${MARK} This link does not work`);
  });

  it('is the language of the push and of the verification e-mail', () => {
    const sent = inBuilt<{ push: string; subject: string; html: string }>(`
      const { textIn } = require('./lib/platform/adapters/locales.js');
      const { friendJoinSummaryPush } = require('./lib/owed-work/domain/push.js');
      const { verificationMail } = require('./lib/invites/domain/verification-mail.js');
      const text = textIn('${CODE}-EO');
      const push = friendJoinSummaryPush('t', { inviterId: 'asha', id: 's', name: 'Mira', count: 3 }, text);
      const mail = verificationMail({ to: 'mira@example.com', inviterName: 'Asha Verma', link: 'https://dayfocus.app/welcome/u/asha', text });
      process.stdout.write(JSON.stringify({ push: push.notification.body, subject: mail.message.subject, html: mail.message.html }));`);
    expect(sent.push).toBe(`${MARK} Mira and 2 others accepted your invitation`);
    expect(sent.subject).toBe(`${MARK} Asha Verma invited you to Dayfocus`);
    expect(sent.html).toContain(`<html lang="${CODE}" dir="ltr">`);
  });
});
