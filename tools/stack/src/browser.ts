/**
 * The browser the browser tests and the Lighthouse benchmark drive, found or installed without
 * root and without any download but the npm registry's:
 *
 * 1. `CHROMIUM_PATH`, when set (it must start, or the run fails saying so);
 * 2. the Chromium build of the npm package `@sparticuz/chromium` (installed with the workspace),
 *    unpacked once into `.toolchain/chromium-{version}/` as Node is, with the shared libraries
 *    it ships beside it;
 * 3. a Chrome or Chromium already on the machine.
 *
 * Text is drawn with fonts from the npm registry too (Google Fonts' Noto Sans, which covers Latin
 * and Devanagari, and the Noto face of each other script of @dayfocus/contracts/fonts, through a
 * fontconfig file in `.toolchain/fonts/`), so that the Indian languages' pages are legible and
 * every machine takes the same screenshots, whatever fonts it has installed.
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { x as extractTar } from 'tar';
import { scriptFaces } from '@dayfocus/contracts/fonts';
import { repoRoot } from './config.js';

const toolchainDir = join(repoRoot, '.toolchain');
const require = createRequire(import.meta.url);

/** Machine-wide browsers, tried in this order when the npm Chromium cannot start. */
const MACHINE_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export interface BrowserInstall {
  executablePath: string;
  /** Environment the browser must be started with (shared libraries, fonts). */
  env: Record<string, string>;
  /** Where it came from, for logs: "CHROMIUM_PATH", "npm @sparticuz/chromium 153.0.0", "/usr/bin/chromium". */
  source: string;
  version: string;
}

/**
 * --no-sandbox: the tests may run as root. The others keep Chromium from calling home: on a
 * closed network its background connections would be refused, many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** The folder of an installed package (found from its entry point: not every package exports package.json). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name
  ) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = parent;
  }
  return dir;
}

/** The version a browser reports, or why it cannot start. */
function probe(executablePath: string, env: Record<string, string>): { version: string } | { problem: string } {
  if (!existsSync(executablePath)) return { problem: `${executablePath} does not exist` };
  const result = spawnSync(executablePath, ['--version'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status === 0 && result.stdout.trim()) return { version: result.stdout.trim() };
  const detail = (result.error?.message ?? result.stderr ?? '').trim().split('\n')[0] || `exit code ${result.status}`;
  return { problem: `${executablePath} does not start: ${detail}` };
}

async function unpackBrotli(source: string, target: string): Promise<void> {
  const partial = `${target}.partial`;
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(partial));
  renameSync(partial, target);
}

/** Unpacks the npm package's Chromium (and its libraries) into .toolchain/ once. */
async function npmChromium(): Promise<{ executablePath: string; libDir: string; label: string }> {
  const dir = packageDir('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const target = join(toolchainDir, `chromium-${version}`);
  const executablePath = join(target, 'chromium');
  const libDir = join(target, 'lib');
  const stamp = join(target, '.complete');
  if (!existsSync(stamp)) {
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    process.stderr.write(
      `[browser] unpacking Chromium ${version} from the npm package @sparticuz/chromium into .toolchain/\n`,
    );
    await unpackBrotli(join(dir, 'bin', 'chromium.br'), executablePath);
    chmodSync(executablePath, 0o755);
    // NSS and expat as the build expects them, for machines that lack them.
    await pipeline(
      createReadStream(join(dir, 'bin', 'al2023.tar.br')),
      createBrotliDecompress(),
      extractTar({ cwd: target }),
    );
    writeFileSync(stamp, version);
  }
  return { executablePath, libDir, label: `npm @sparticuz/chromium ${version}` };
}

/** The scripts the npm registry's Noto Sans (@expo-google-fonts/noto-sans) draws itself. */
const NOTO_SANS_DRAWS: readonly string[] = ['Latin', 'Devanagari'];

/**
 * The faces of the other scripts of the one list (@dayfocus/contracts/fonts): each is the npm
 * package `@fontsource-variable/{family in kebab case}`, a devDependency of this package.
 */
export function npmScriptFonts(): { npmPackage: string; woff2: string; ttf: string }[] {
  return scriptFaces
    .filter((face) => !NOTO_SANS_DRAWS.includes(face.script))
    .map(({ script, family }) => {
      const name = family.toLowerCase().replaceAll(' ', '-');
      return {
        npmPackage: `@fontsource-variable/${name}`,
        woff2: `${name}-${script.toLowerCase()}-wght-normal.woff2`,
        ttf: `${name}.ttf`,
      };
    });
}

/**
 * Those faces as TrueType in `.toolchain/fonts/ttf/`: the npm registry has them as WOFF2 only
 * (@fontsource-variable), which fontconfig lists but the browser's own font loader does not open,
 * so they are unpacked once.
 */
async function otherScriptFonts(dir: string): Promise<string> {
  const { decompress } = require('wawoff2') as { decompress(data: Buffer): Promise<Uint8Array> };
  mkdirSync(dir, { recursive: true });
  for (const { npmPackage, woff2, ttf: name } of npmScriptFonts()) {
    const ttf = join(dir, name);
    if (existsSync(ttf)) continue;
    const woff2File = join(packageDir(npmPackage), 'files', woff2);
    writeFileSync(`${ttf}.partial`, await decompress(readFileSync(woff2File)));
    renameSync(`${ttf}.partial`, ttf);
  }
  return dir;
}

/**
 * A fontconfig file with the npm fonts alone: the same text looks the same on every machine,
 * whether it has no fonts, other fonts, or fonts of its own by the same names.
 */
async function fontEnv(): Promise<Record<string, string>> {
  const dir = join(toolchainDir, 'fonts');
  const file = join(dir, 'fonts.conf');
  // Noto Sans (Latin, Devanagari) and the other scripts' Noto faces, as Android ships them: no
  // page loads a web font.
  const fontDirs = [packageDir('@expo-google-fonts/noto-sans'), await otherScriptFonts(join(dir, 'ttf'))];
  const config = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
${fontDirs.map((d) => `  <dir>${d}</dir>`).join('\n')}
  <cachedir>${join(dir, 'cache')}</cachedir>
  <alias><family>sans-serif</family><prefer><family>Noto Sans</family></prefer></alias>
  <alias><family>system-ui</family><prefer><family>Noto Sans</family></prefer></alias>
</fontconfig>
`;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== config) writeFileSync(file, config);
  return { FONTCONFIG_FILE: file };
}

let provided: Promise<BrowserInstall> | undefined;

/**
 * The browser to drive, installed if need be. Throws an Error whose message is one line saying
 * what was tried and what to install, when no browser can be had at all.
 */
export function provideBrowser(): Promise<BrowserInstall> {
  provided ??= (async () => {
    const fonts = await fontEnv();
    const tried: string[] = [];
    const explicit = process.env.CHROMIUM_PATH;
    if (explicit) {
      const result = probe(explicit, fonts);
      if ('version' in result)
        return { executablePath: explicit, env: fonts, source: 'CHROMIUM_PATH', version: result.version };
      throw new Error(
        `No browser for the browser tests: CHROMIUM_PATH=${explicit} cannot be used (${result.problem}); unset it or point it at a Chrome or Chromium.`,
      );
    }
    try {
      const npm = await npmChromium();
      const env = { ...fonts, LD_LIBRARY_PATH: [npm.libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
      const result = probe(npm.executablePath, env);
      if ('version' in result)
        return { executablePath: npm.executablePath, env, source: npm.label, version: result.version };
      tried.push(result.problem);
    } catch (error) {
      tried.push(`the npm Chromium could not be unpacked: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const path of MACHINE_BROWSERS) {
      const result = probe(path, fonts);
      if ('version' in result) {
        process.stderr.write(`[browser] using ${path}, since ${tried.join('; ')}\n`);
        return { executablePath: path, env: fonts, source: path, version: result.version };
      }
    }
    tried.push(`none of ${MACHINE_BROWSERS.join(', ')} is installed`);
    throw new Error(
      `No browser for the browser tests (${tried.join('; ')}): install Chrome or Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  })();
  return provided;
}

/**
 * Playwright's options for launching the provided browser, headless, with CHROMIUM_ARGS and any
 * `extraArgs`: the one way the browser tests, the shaping test and the benchmarks start it.
 */
export async function browserLaunchOptions(extraArgs: readonly string[] = []) {
  const install = await provideBrowser();
  return {
    executablePath: install.executablePath,
    env: { ...process.env, ...install.env },
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  };
}
