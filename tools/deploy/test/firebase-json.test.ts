/**
 * firebase.json's Hosting rewrites and headers are the functions' manifest's and the security
 * headers' (tools/deploy/src/firebase-json.ts): `npm run lint` fails on any difference.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_CONTENT_SECURITY_POLICY } from '@dayfocus/contracts/security-headers';
import { hostingIsCurrent } from '../src/firebase-json.js';

const text = readFileSync(join(__dirname, '../../../firebase.json'), 'utf8');
type Rule = { source: string; headers?: { key: string; value: string }[]; function?: { functionId: string } };
const hosting = (JSON.parse(text) as { hosting: { rewrites: Rule[]; headers: Rule[] } }).hosting;
const edited = (edit: (copy: typeof hosting) => void) => {
  const config = JSON.parse(text) as { hosting: typeof hosting };
  edit(config.hosting);
  return JSON.stringify(config);
};

describe("firebase.json's Hosting rules, made from the manifest", () => {
  it('are current in the repository', () => expect(hostingIsCurrent(text)).toBe(true));

  it('carry the one Content-Security-Policy on every page, written once in the contracts', () => {
    const policies = new Set(
      hosting.headers.flatMap((rule) =>
        (rule.headers ?? []).filter((h) => h.key === 'Content-Security-Policy').map((h) => h.value),
      ),
    );
    expect([...policies]).toEqual([PAGE_CONTENT_SECURITY_POLICY]);
  });

  it('are refused with a page whose policy was edited by hand', () => {
    const changed = edited((copy) => {
      const page = copy.headers.find((rule) => rule.source === '/404.html');
      const csp = page?.headers?.find((h) => h.key === 'Content-Security-Policy');
      if (csp) csp.value = csp.value.replace("object-src 'none'", "object-src 'self'");
    });
    expect(hostingIsCurrent(changed)).toBe(false);
  });

  it('are refused with a rewrite the manifest does not name, or without one it names', () => {
    const extra = edited((copy) => {
      copy.rewrites.push({ source: '/api/removed', function: { functionId: 'removed' } });
    });
    expect(hostingIsCurrent(extra)).toBe(false);
    const missing = edited((copy) => {
      copy.rewrites = copy.rewrites.filter((rule) => rule.function?.functionId !== 'getInviter');
    });
    expect(hostingIsCurrent(missing)).toBe(false);
  });
});
