/**
 * Every server-rendered page carries its stylesheet in its first HTML, so that it paints after
 * one round trip (the HTML) instead of two (the HTML, then the stylesheet it would block on),
 * while its Content-Security-Policy still refuses every inline style but that one.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userAgents } from '@dayfocus/stack/user-agents';
import { callAnonymously, createInviter, fetchRaw, uniqueId, type RawResponse } from './support.js';

interface InlineStyle {
  text: string;
  nonce?: string;
}

/** The `style-src` sources of a Content-Security-Policy (`default-src` when it has none). */
function styleSources(policy: string): string[] {
  const directives = policy.split(';').map((directive) => directive.trim().split(/\s+/));
  const directive =
    directives.find(([name]) => name === 'style-src') ?? directives.find(([name]) => name === 'default-src');
  return directive?.slice(1) ?? [];
}

/**
 * Whether a browser applies `style` (a `<style>` element) under `policy`, by CSP Level 3's rule: a
 * matching nonce or hash; `'unsafe-inline'` only where the directive has neither.
 */
function appliesInlineStyle(policy: string, style: InlineStyle): boolean {
  const sources = styleSources(policy);
  const digest = `'sha256-${createHash('sha256').update(style.text, 'utf8').digest('base64')}'`;
  if (style.nonce !== undefined && sources.includes(`'nonce-${style.nonce}'`)) return true;
  if (sources.includes(digest)) return true;
  const noncesOrHashes = sources.some((source) => /^'(nonce|sha256|sha384|sha512)-/.test(source));
  return sources.includes("'unsafe-inline'") && !noncesOrHashes;
}

/** The page's `<head>`, its `<style>` elements and its stylesheet links. */
function headOf(response: RawResponse) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(response.body)?.[1] ?? '';
  const styles = [...response.body.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)].map(([, attributes, text]) => ({
    inHead: head.includes(text ?? ''),
    nonce: /\snonce="([^"]*)"/.exec(attributes ?? '')?.[1],
    text: text ?? '',
  }));
  const stylesheetLinks = response.body.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? [];
  return { styles, stylesheetLinks };
}

async function shortLinkPath(inviterId: string): Promise<string> {
  const { shortLink } = await callAnonymously<{ shortLink: string }>('createAppLink', { inviterId });
  return new URL(shortLink).pathname;
}

describe('The styles of the server-rendered pages', () => {
  it('come inline in the head of every page, allowed by the page CSP, with no stylesheet to wait for', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const id = inviter.userId;
    const iphone = userAgents.ios['Safari on iPhone (iOS 17)'];
    const pages: [string, number, string | undefined][] = [
      [`/feedback/${id}/en`, 200, undefined],
      [`/feedback/${uniqueId('nobody')}`, 404, undefined],
      ['/', 200, iphone],
      [`/social-sign-up/${id}`, 200, iphone],
      [`/sign-up/${id}`, 200, undefined],
      ['/confirm-email', 200, undefined],
      [`/welcome/${uniqueId('invitee')}/${id}`, 200, iphone],
      [await shortLinkPath(id), 200, iphone],
      [`/feedback/${id}/en/more`, 404, undefined],
    ];
    for (const [path, status, userAgent] of pages) {
      const response = await fetchRaw(path, { userAgent });
      expect(response.status, path).toBe(status);
      const policy = String(response.headers['content-security-policy']);
      const { styles, stylesheetLinks } = headOf(response);
      expect(stylesheetLinks, path).toEqual([]);
      expect(styles, path).toHaveLength(1);
      const [style] = styles;
      if (!style) continue;
      expect(style.inHead, path).toBe(true);
      // The whole of the app's stylesheet: the frame and the pages' own rules.
      expect(style.text, path).toContain('.top-bar');
      expect(style.text, path).toContain('.button-primary');
      expect(appliesInlineStyle(policy, style), `${path}: ${policy}`).toBe(true);
    }
  });

  it('are the only inline style a page CSP lets through', async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const iphone = userAgents.ios['Safari on iPhone (iOS 17)'];
    for (const [path, userAgent] of [
      [`/feedback/${inviter.userId}/en`, undefined],
      [await shortLinkPath(inviter.userId), iphone],
    ] as const) {
      const response = await fetchRaw(path, { userAgent });
      const policy = String(response.headers['content-security-policy']);
      expect(styleSources(policy), path).not.toContain("'unsafe-inline'");
      expect(styleSources(policy), path).toContain("'self'");
      const injected = 'body{display:none}';
      expect(appliesInlineStyle(policy, { text: injected }), path).toBe(false);
      expect(appliesInlineStyle(policy, { text: injected, nonce: 'bm90LXRoZS1wYWdlcw==' }), path).toBe(false);
    }
  });
});
