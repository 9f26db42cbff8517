/** Reading a Lighthouse result: category scores, key metrics, failing audits, Markdown rows. */
import type { Result } from 'lighthouse';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

const categoryLabels: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/** Budgets of every page of the journey: the lowest score (0-100) each category may have. */
export const budgets: Partial<Record<Category, number>> = { performance: 98, accessibility: 100 };

/** Budgets of every page of the journey: the highest value each metric may have (ms, or the shift score). */
export const metricBudgets: { label: string; audit: string; max: number; unit: string }[] = [
  { label: 'LCP', audit: 'largest-contentful-paint', max: 1500, unit: 'ms' },
  { label: 'TBT', audit: 'total-blocking-time', max: 100, unit: 'ms' },
  { label: 'CLS', audit: 'cumulative-layout-shift', max: 0, unit: '' },
];

/** The budgets in words, for the report. */
export const budgetText = `performance >= ${budgets.performance}, accessibility ${budgets.accessibility}, ${metricBudgets
  .map((m) => `${m.label} <= ${m.max}${m.unit ? ` ${m.unit}` : ''}`)
  .join(', ')}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const metrics = [
  { label: 'FCP', audit: 'first-contentful-paint', format: seconds },
  { label: 'LCP', audit: 'largest-contentful-paint', format: seconds },
  { label: 'TBT', audit: 'total-blocking-time', format: (ms: number) => `${ms.toFixed(0)} ms` },
  { label: 'CLS', audit: 'cumulative-layout-shift', format: (v: number) => v.toFixed(3) },
  { label: 'Speed Index', audit: 'speed-index', format: seconds },
  { label: 'total bytes', audit: 'total-byte-weight', format: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB` },
] as const;

/** A category's score as Lighthouse shows it (0-100), or null when it could not be computed. */
export function score(lhr: Result, category: Category): number | null {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

export function metricValue(lhr: Result, audit: string): number | null {
  const value = lhr.audits[audit]?.numericValue;
  return typeof value === 'number' ? value : null;
}

export const tableHeader =
  `| page | runs | ${categories.map((c) => categoryLabels[c]).join(' | ')} | ${metrics.map((m) => m.label).join(' | ')} |\n` +
  `|---|---|${categories.map(() => '---').join('|')}|${metrics.map(() => '---').join('|')}|`;

export function tableRow(page: string, runs: number[], lhr: Result): string {
  const scores = categories.map((c) => score(lhr, c) ?? 'n/a');
  const values = metrics.map((m) => {
    const value = metricValue(lhr, m.audit);
    return value === null ? 'n/a' : m.format(value);
  });
  return `| ${page} | ${runs.length > 1 ? `${runs.length} (performance ${runs.join(', ')})` : '1'} | ${scores.join(' | ')} | ${values.join(' | ')} |`;
}

/** Audits of a category that did not pass (scored below 1, or below `threshold`). */
export function failingAudits(lhr: Result, category: Category, threshold = 1): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing: string[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || typeof audit.score !== 'number' || audit.score >= threshold) continue;
    if (category === 'performance' && ref.weight === 0) continue;
    const items = (audit.details as { items?: unknown[] } | undefined)?.items;
    const detail = [
      audit.displayValue,
      items?.length ? `${items.length} element(s)` : undefined,
      `score ${Math.round(audit.score * 100)}`,
    ]
      .filter(Boolean)
      .join(', ');
    failing.push(`${ref.id} ("${audit.title}": ${detail})`);
  }
  return failing;
}

/** The budgets a result misses, each with the audits behind it. */
export function budgetFailures(page: string, lhr: Result): string[] {
  const failures: string[] = [];
  for (const [category, min] of Object.entries(budgets) as [Category, number][]) {
    const value = score(lhr, category);
    if (value !== null && value >= min) continue;
    // For performance, the metrics that pull the score down; for the others, every failing audit.
    const audits = failingAudits(lhr, category, category === 'performance' ? 0.9 : 1);
    failures.push(
      `${page}: ${categoryLabels[category]} ${value ?? 'not computed'} (budget ${min === 100 ? '100' : `>= ${min}`})` +
        (audits.length > 0 ? `; failing audits:\n    - ${audits.join('\n    - ')}` : ''),
    );
  }
  for (const budget of metricBudgets) {
    const value = metricValue(lhr, budget.audit);
    // CLS is a float sum of shifts: anything Lighthouse rounds to 0.000 counts as none.
    const shown = value === null ? null : budget.unit ? Math.round(value) : Number(value.toFixed(3));
    if (shown !== null && shown <= budget.max) continue;
    failures.push(
      `${page}: ${budget.label} ${shown ?? 'not computed'}${budget.unit} (budget <= ${budget.max}${budget.unit})`,
    );
  }
  return failures;
}
