/** What `viral.ts` measured, as the tables it prints and the JSON it writes. */
import { summarize } from './stats.js';
import { achievedRate, countByCode, type JoinResult } from './viral-joins.js';
import type { Outcome, WriteCounts } from './viral-state.js';

export interface ViralReport {
  joins: number;
  rateAsked: number;
  results: JoinResult[];
  /** From the first start until every join had answered. */
  runMs: number;
  /** The stack's hot-document mode, as its identity names it. */
  mode: string;
  /** The one-minute load average before and after the joins. */
  loadAverage: number[];
  writes: Record<string, WriteCounts>;
  pollMs: number;
  /** How long the owed work took to settle after the last answer, or why it never did. */
  settledMs: number | null;
  settleProblem: string | null;
  after: Outcome;
  /** The sweep's answer, an hour after the joins, and what the inviter had then. */
  sweep: unknown;
  afterSweep: Outcome;
  /**
   * Lines of the functions' output (the stack's log) with production's contention error, and with
   * a function timed out (60 s); null: a reused stack's output is elsewhere.
   */
  logged: { contention: number; timedOut: number } | null;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function latency(results: readonly JoinResult[]) {
  const failures = results.filter((r) => r.code !== 'ok').length;
  return summarize({ latencies: results.map((r) => r.ms), wallMs: 1, calls: results.length, failures });
}

function latencyRows(results: readonly JoinResult[]): string[] {
  const row = (name: string, some: readonly JoinResult[]) => {
    if (some.length === 0) return `| ${name} | 0 | - | - | - | - |`;
    const s = latency(some);
    return `| ${name} | ${some.length} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  };
  const ok = results.filter((r) => r.code === 'ok');
  const failed = results.filter((r) => r.code !== 'ok');
  return ['| joins | count | p50 | p90 | p99 | max |', '|---|---|---|---|---|---|'].concat(
    row('all', results),
    row('succeeded', ok),
    row('failed', failed),
  );
}

function outcomeRow(label: string, o: Outcome): string {
  const owed = o.heldForSummary > 0 || o.summaryInDelivery ? `yes (${o.heldForSummary} joins held)` : 'no';
  const states = Object.entries(o.historyStates)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  const friends = `${o.friends} (${o.friendshipsCreated} created)`;
  const history = `${o.historyEntries} of ${o.historyLength}`;
  return `| ${label} | ${friends} | ${history} | ${states} | ${o.trimmed} | ${o.pushes} (${o.summaryPushes} summary) | ${owed} |`;
}

/** Prints the run's tables: answers by code, latency, the shared documents' writes, what the joins left. */
export function printReport(report: ViralReport): void {
  const { results, rateAsked, runMs, pollMs } = report;
  const lags = results.map((r) => r.lagMs).sort((a, b) => a - b);
  const lagP99 = lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))] ?? 0;
  console.log(
    `\nStarted at ${achievedRate(results).toFixed(2)}/s (asked ${rateAsked}/s; start lag p99 ${ms(lagP99)},` +
      ` max ${ms(lags.at(-1) ?? 0)}); all answered ${(runMs / 1000).toFixed(1)} s after the first start;` +
      ` load average ${report.loadAverage.map((l) => l.toFixed(1)).join(' -> ')}\n`,
  );
  console.log('| answer | joins |\n|---|---|');
  for (const [code, n] of countByCode(results)) console.log(`| ${code} | ${n} |`);
  console.log(`\n${latencyRows(results).join('\n')}`);
  console.log(`\nWrites seen (polled every ${pollMs} ms: a lower bound, at most ${1000 / pollMs} a second):\n`);
  console.log('| document | writes seen | max in one second | mean a second |\n|---|---|---|---|');
  for (const [name, w] of Object.entries(report.writes))
    console.log(`| ${name} | ${w.seen} | ${w.maxPerSecond} | ${w.meanPerSecond.toFixed(2)} |`);
  const settled = report.settleProblem
    ? `NOT SETTLED: ${report.settleProblem}`
    : `Settled ${((report.settledMs ?? 0) / 1000).toFixed(1)} s after the last answer`;
  console.log(`\n${settled} (trigger events delivered, no push claimed, join records still for 5 s).\n`);
  console.log(
    '| when | friends (join records: created) | her history: these joins of all | join records: history | trimmed | pushes to her token | summary owed |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(outcomeRow('after the joins', report.after));
  console.log(outcomeRow('after a sweep 61 min later', report.afterSweep));
  if (report.logged) {
    const { contention, timedOut } = report.logged;
    console.log(
      `\nThe functions' output: ${contention} lines with "Too much contention", ${timedOut} functions timed out`,
    );
  }
}

/** The report for .artifacts/viral.json: the joins as counts and percentiles rather than one by one. */
export function reportJson(report: ViralReport) {
  const { results, ...rest } = report;
  return {
    ...rest,
    rateAchieved: achievedRate(results),
    codes: Object.fromEntries(countByCode(results)),
    latency: { all: latency(results), succeeded: latency(results.filter((r) => r.code === 'ok')) },
    maxStartLagMs: Math.max(...results.map((r) => r.lagMs)),
  };
}
