/**
 * The stack log's errors that with-stack.ts prints after a failed command (src/log-errors.ts):
 * lines in the shapes the Functions emulator and the functions' logger write them.
 */
import { describe, expect, it } from 'vitest';
import { logErrors } from '../src/log-errors.js';

const functionLog = (entry: Record<string, unknown>) => `>  ${JSON.stringify(entry)}`;

describe("the stack log's errors", () => {
  it("names a function's error by its message and cause, and the emulator's own troubles, each once", () => {
    const failed = functionLog({
      error: 'Error: 10 ABORTED: Too much contention\n    at callErrorFromStatus (status.js:8:21)',
      severity: 'ERROR',
      message: 'Error: activateAccount failed unexpectedly\n    at entryFromArgs (index.js:120:13)',
    });
    const log = [
      'i  functions: Beginning execution of "asia-south1-activateAccount"',
      functionLog({ severity: 'INFO', message: 'joined' }),
      failed,
      failed,
      '!!  functions: Request to function failed: Error: socket hang up',
      'i  functions: Finished "asia-south1-activateAccount" in 812ms',
    ].join('\n');

    expect(logErrors(log)).toEqual([
      'Error: activateAccount failed unexpectedly | Error: 10 ABORTED: Too much contention (×2)',
      '!!  functions: Request to function failed: Error: socket hang up',
    ]);
  });

  it('says nothing of a log without errors, and bounds a long one', () => {
    expect(logErrors('i  functions: Finished "asia-south1-getInviter" in 12ms\n')).toEqual([]);
    const many = Array.from({ length: 45 }, (_, i) => functionLog({ severity: 'ERROR', message: `failure ${i}` }));
    const printed = logErrors(many.join('\n'));
    expect(printed).toHaveLength(31);
    expect(printed.at(-1)).toBe('… and 15 more (the log has them all)');
    expect(logErrors(functionLog({ severity: 'ERROR', message: 'x'.repeat(1000) }))[0]).toHaveLength(301);
  });
});
