/**
 * The inputs every callable's schema refuses, derived from the functions' manifest, so that a
 * new callable is covered here without a line of its own: no request, a list, a field the
 * request does not have, no field at all when one is required, and each field of a wrong type.
 * Each is refused with `invalid-argument`, its problems naming the field, before any flow runs.
 * The refusals that need an account or a stored record are in bad-input.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { requestSchemaOf, type CallableName } from '@dayfocus/contracts/callables';
import { functionRows } from '@dayfocus/contracts/functions';
import { messageKeys } from '@dayfocus/contracts/messages';
import { Browser } from './support.js';

/** Every callable of the manifest. */
const callableNames = functionRows()
  .filter((row) => row.trigger === 'callable')
  .map((row) => row.name as CallableName);

interface Refusal {
  data: unknown;
  /** The path of a problem the refusal must name ('' for the request itself). */
  path: string;
}

function refusalsOf(name: CallableName): [string, Refusal][] {
  const fields = requestSchemaOf(name).describe().fields as Record<string, { optional: boolean; type: string }>;
  const keys = Object.keys(fields);
  const refusals: [string, Refusal][] = [
    ['no request', { data: null, path: '' }],
    ['a list', { data: ['x'], path: '' }],
    ['a field it does not have', { data: { unexpected: true }, path: '' }],
  ];
  const required = keys.filter((key) => !fields[key]?.optional);
  if (required.length > 0) refusals.push(['no field', { data: {}, path: required[0] ?? '' }]);
  for (const key of keys) {
    // A field of numbers (a limit) takes a text as its wrong type.
    const wrong = fields[key]?.type === 'number' ? ['a text', '42'] : ['a number', 42];
    refusals.push([`${key} ${String(wrong[0])}`, { data: { [key]: wrong[1] }, path: key }]);
    refusals.push([`${key} an object`, { data: { [key]: { toString: 'x' } }, path: key }]);
  }
  return refusals.map(([what, refusal]) => [`${name}: ${what}`, refusal]);
}

const cases = callableNames.flatMap((name) =>
  refusalsOf(name).map(([label, refusal]) => [label, name, refusal] as const),
);

describe("every callable refuses what its request's schema refuses", () => {
  const browser = new Browser();
  afterAll(() => browser.close());

  it('covers every callable of the manifest', () => {
    expect(new Set(cases.map(([, name]) => name))).toEqual(new Set(callableNames));
    expect(callableNames.length).toBeGreaterThanOrEqual(11);
  });

  it.each(cases)('%s', async (_label, name, { data, path }) => {
    const error = await browser.call(name, data).then(
      () => null,
      (e: unknown) => e as { code?: string; details?: { problems?: { path: string; message: string }[] } },
    );
    expect(error?.code).toBe('functions/invalid-argument');
    const paths = (error?.details?.problems ?? []).map((problem) => problem.path);
    expect(paths).toContain(path);
  });

  it('names a field the request does not have', async () => {
    const error = (await browser
      .call('getInviter', { inviterId: 'someone', unexpected: true })
      .catch((e: unknown) => e)) as {
      details?: { problems?: { message: string }[] };
    };
    expect(error.details?.problems).toEqual([{ path: '', message: messageKeys.unknownField }]);
  });
});
