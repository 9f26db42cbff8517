/** Latency samples and the Markdown rows the benchmarks print. */
export interface Sample {
  latencies: number[];
  wallMs: number;
  calls: number;
  failures: number;
}

export function emptySample(): Sample {
  return { latencies: [], wallMs: 0, calls: 0, failures: 0 };
}

export function addSample(total: Sample, s: Sample): Sample {
  total.latencies.push(...s.latencies);
  total.wallMs += s.wallMs;
  total.calls += s.calls;
  total.failures += s.failures;
  return total;
}

/**
 * Runs the timed calls at once, or started evenly within `spreadMs`; each resolves to whether it
 * succeeded. A call's time starts when it starts.
 */
export async function concurrently(calls: (() => Promise<boolean>)[], spreadMs = 0): Promise<Sample> {
  const started = performance.now();
  const results = await Promise.all(
    calls.map(async (run, i) => {
      if (spreadMs > 0) await new Promise((resolve) => setTimeout(resolve, (i * spreadMs) / calls.length));
      const t = performance.now();
      const ok = await run().catch(() => false);
      return { ok, ms: performance.now() - t };
    }),
  );
  return {
    latencies: results.map((r) => r.ms),
    wallMs: performance.now() - started,
    calls: results.length,
    failures: results.filter((r) => !r.ok).length,
  };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

export function summarize(s: Sample) {
  const sorted = [...s.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    throughput: (s.calls / s.wallMs) * 1000,
    calls: s.calls,
    failures: s.failures,
  };
}

export type Summary = ReturnType<typeof summarize>;

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

export const tableHeader =
  '| scenario | N | calls | p50 | p90 | p99 | max | throughput | p50 vs baseline | throughput vs baseline | failures |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|';

export function tableRow(name: string, n: number, s: Summary, baseline: Summary | null): string {
  const ratio = (a: number, b: number) => (baseline ? `${(a / b).toFixed(2)}x` : '1.00x');
  return `| ${name} | ${n} | ${s.calls} | ${fmt(s.p50)} | ${fmt(s.p90)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.throughput.toFixed(1)}/s | ${ratio(
    s.p50,
    baseline?.p50 ?? 1,
  )} | ${ratio(s.throughput, baseline?.throughput ?? 1)} | ${s.failures} |`;
}

/** The middle value of `values` (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
