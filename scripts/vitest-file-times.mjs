// A Vitest reporter (beside the default one, in every package's vitest config) that records each
// test file's time, when `npm test`'s stages ask for it: DAYFOCUS_FILE_TIMES names a JSON-lines file
// (tools/stack/stages.ts starts it afresh, prints the slowest files at the run's end, and
// `--write-docs` puts them into docs/testing.md). Without the variable it records nothing.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default class FileTimes {
  /** One line per file: where it is, its project, its tests' time and its whole time (import and collection too). */
  onTestModuleEnd(testModule) {
    const out = process.env.DAYFOCUS_FILE_TIMES;
    if (!out) return;
    const diagnostic = testModule.diagnostic();
    const whole =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    const line = {
      file: relative(repoRoot, testModule.moduleId),
      project: testModule.project.name,
      tests: [...testModule.children.allTests()].length,
      ms: Math.round(diagnostic.duration),
      wholeMs: Math.round(whole),
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  }
}

/** A config's reporters: the default one, and this one (by path, as Vitest loads a custom reporter). */
export const reporters = ['default', fileURLToPath(import.meta.url)];
