/**
 * `npm test`'s stage runner (src/stage-runner.ts): stages listed `together` all run to their end
 * side by side, a failing one fails the whole without stopping the others, each line is led by its
 * stage's name, and the table shows every row under the stage that ran it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'dayfocus-stages-'));
vi.stubEnv('DAYFOCUS_STAGE_RECORD', join(dir, 'stages.jsonl'));
const { recorded, runStage, startRecord, table } = await import('../src/stage-runner.js');

const node = (script: string) => [process.execPath, '-e', script];
const lines: string[] = [];
beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
});
afterAll(() => {
  vi.restoreAllMocks();
  // The files after this one in the worker (isolate: false) record nothing here, and no run leaves
  // the folder behind.
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('stages side by side', () => {
  it('runs every one to its end, fails the whole when one fails, and nests their rows in the table', async () => {
    startRecord();
    // The slow one is listed first and ends only once the quick one has ended (its pid gone, that
    // is reaped by the runner): one after another, it would wait for a check that never starts, give
    // up after its bound and fail. No clock decides the order: a busy machine once started the quick
    // one more than the slow one's 1.5 s late.
    const quickPid = join(dir, 'quick-pid');
    const slow = `const fs = require('node:fs');
    const ended = () => {
      if (!fs.existsSync(${JSON.stringify(quickPid)})) return false;
      try { process.kill(Number(fs.readFileSync(${JSON.stringify(quickPid)}, 'utf8')), 0); return false; } catch { return true; }
    };
    const wait = setInterval(() => {
      if (!ended()) return;
      clearInterval(wait); clearTimeout(bound); console.log('slow done');
    }, 20);
    const bound = setTimeout(() => { console.log('slow gave up'); process.exit(1); }, 120000);`;
    const quick = `console.log('quick done'); require('node:fs').writeFileSync(${JSON.stringify(quickPid)}, String(process.pid)); process.exit(3)`;
    const passed = await runStage(
      {
        name: 'checks',
        together: [
          { name: 'slow check', short: 'slow', command: node(slow) },
          { name: 'quick check', short: 'quick', command: node(quick) },
        ],
      },
      'all',
    );
    expect(passed).toBe(false);
    expect(lines).toContain('[quick] quick done');
    expect(lines).toContain('[slow] slow done');
    expect(lines.indexOf('[quick] quick done')).toBeLessThan(lines.indexOf('[slow] slow done'));

    const rows = recorded();
    expect(rows.map((row) => [row.name, row.outcome])).toEqual([
      ['quick check', 'failed'],
      ['slow check', 'passed'],
      ['checks', 'failed'],
    ]);
    const drawn = table(rows, ['all']);
    expect(drawn.slice(2).map((line) => line.split(' | ')[0])).toEqual([
      '| checks',
      '| &nbsp;&nbsp;quick check',
      '| &nbsp;&nbsp;slow check',
      '| **all**',
    ]);
    expect(drawn.at(-1)).toContain('failed');
  });
});

describe("the table's times", () => {
  it('rounds a time to whole seconds before it splits off the minutes', () => {
    const rows = [
      { name: 'npm test', seconds: 499.6, outcome: 'passed', group: 'all' },
      { name: "Google's emulator lane", seconds: 220, outcome: 'passed', group: 'ci' },
    ] as const;
    const drawn = table([...rows], ['all', 'ci']);
    expect(drawn.slice(2).map((line) => line.split(' | ')[1])).toEqual(['8 min 20 s', '3 min 40 s', '**12 min 0 s**']);
  });
});

describe('stages one after another', () => {
  it('stops at the first failure, and each row sits under the sequence', async () => {
    startRecord();
    const passed = await runStage(
      {
        name: 'lanes',
        sequence: [
          { name: 'first', command: node("console.log('first ran')") },
          { name: 'second', command: node('process.exit(4)') },
          { name: 'third', command: node("console.log('third ran')") },
        ],
      },
      'all',
    );
    expect(passed).toBe(false);
    expect(lines.join('\n')).not.toContain('third ran');
    const rows = recorded();
    expect(rows.map((row) => [row.name, row.group, row.outcome])).toEqual([
      ['first', 'all/lanes', 'passed'],
      ['second', 'all/lanes', 'failed'],
      ['lanes', 'all', 'failed'],
    ]);
    expect(
      table(rows, ['all'])
        .slice(2, 5)
        .map((line) => line.split(' | ')[0]),
    ).toEqual(['| lanes', '| &nbsp;&nbsp;first', '| &nbsp;&nbsp;second']);
  });

  it("takes a variable away from a stage's command when its env names it undefined", async () => {
    process.env.DAYFOCUS_STAGE_PROBE = 'the stack';
    const shown = (stage: string) => node(`console.log('${stage}:' + (process.env.DAYFOCUS_STAGE_PROBE ?? 'unset'))`);
    await runStage(
      {
        name: 'both',
        together: [
          { name: 'kept', short: 'kept', command: shown('kept') },
          { name: 'taken', short: 'taken', command: shown('taken'), env: { DAYFOCUS_STAGE_PROBE: undefined } },
        ],
      },
      'all',
    );
    expect(lines).toContain('[kept] kept:the stack');
    expect(lines).toContain('[taken] taken:unset');
  });
});
