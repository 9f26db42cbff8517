/**
 * What a lane reads of Vitest's JSON report (`--reporter=json --outputFile.json=FILE`): its counts,
 * the tests it skipped, and the tests that failed with the first line of why, so that a log whose
 * tail alone is kept (CI's) still names what failed.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export interface NamedTest {
  /** The test file, relative to the root given. */
  file: string;
  name: string;
}

export interface ReportSummary {
  counts: string;
  skipped: NamedTest[];
  /** `why`: the first line of its error, or of its file's when the file failed outside its tests. */
  failed: (NamedTest & { why: string })[];
}

/** Without the colours a run in colour writes into its messages. */
const firstLine = (message: string | undefined) => stripVTControlCharacters(message ?? '').split('\n')[0] ?? '';

/** The report at `path`, its files named relative to `root`; throws where there is none to read. */
export function readVitestReport(path: string, root: string): ReportSummary {
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const skipped: ReportSummary['skipped'] = [];
  const failed: ReportSummary['failed'] = [];
  for (const file of report.testResults) {
    const named = (name: string) => ({ file: relative(root, file.name), name });
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failed.push({ ...named(test.fullName), why: firstLine(test.failureMessages?.[0]) });
      else if (test.status !== 'passed') skipped.push(named(test.fullName));
    }
    // A file that failed outside its tests (an import, a hook) has no failed test of its own to name.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failed.push({ ...named('(outside its tests)'), why: firstLine(file.message) });
  }
  return {
    counts: `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
    skipped,
    failed,
  };
}
