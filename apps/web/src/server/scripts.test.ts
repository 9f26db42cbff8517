import { createHash } from 'node:crypto';
import { FILL_ADDRESS_CALL } from '@/features/sign-up/email/lib/reloaded-address';
import { describe, expect, it } from 'vitest';
import { pageScripts, type Manifest } from './scripts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_client-1.js'] },
  'src/takeover/entry.ts': {
    file: 'assets/takeover-1.js',
    imports: ['_runtime-1.js', '_held-submit-1.js'],
    dynamicImports: ['_client-1.js', '_social-sign-in-1.js', '_main-1.js'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_held-submit-1.js': { file: 'assets/held-submit-1.js', imports: ['_runtime-1.js'] },
  '_client-1.js': { file: 'assets/client-1.js' },
  '_social-sign-in-1.js': { file: 'assets/social-sign-in-1.js', name: 'social-sign-in', imports: ['_auth-1.js'] },
  '_auth-1.js': { file: 'assets/auth-1.js', imports: ['_runtime-1.js'] },
  '_main-1.js': { file: 'assets/main-1.js', imports: ['_client-1.js'] },
};
const built = `<head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-1.js">
  </head>`;
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

describe('the scripts of a server-rendered page', () => {
  it('loads the takeover up front, with its own imports preloaded beside it, and not the app', () => {
    const html = pageScripts(manifest).deferApp(built);
    expect(html).toContain('<script type="module" crossorigin src="/assets/takeover-1.js"></script>');
    expect(html).not.toContain('index-1.js');
    expect(preloaded(html)).toEqual(['assets/runtime-1.js', 'assets/held-submit-1.js']);
  });

  it("preloads no more on the method page: Auth's chunks would share a slow link with its first tap", () => {
    const html = pageScripts(manifest).deferApp(built);
    expect(preloaded(html)).toEqual(['assets/runtime-1.js', 'assets/held-submit-1.js']);
    expect(html).not.toContain('auth-1.js');
  });

  it('runs the inline script that holds a tap made before the takeover first, under the hash it gives the policy', () => {
    const scripts = pageScripts(manifest);
    const html = scripts.deferApp(built);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain("addEventListener('submit'");
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('takeover-1.js'));
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    // And the check-mail page's call after its lead, whose function the head's script defines.
    expect(inline).toContain('window.dayfocusFillAddress = function');
    expect(scripts.source).toBe(`${hash(inline)} ${hash(FILL_ADDRESS_CALL)}`);
  });
});
