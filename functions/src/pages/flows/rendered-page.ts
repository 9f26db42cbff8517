/** A page of the web app's renderer as an HTTP answer: the page flows' one way to render. */
import type { WebPageInput, WebPageRenderer } from '@dayfocus/contracts/web-page';
import type { HttpAnswer } from '../../platform/domain/http-answer.js';
import type { LinkSettings } from '../../platform/domain/link-settings.js';
import { withInlineSources, type InlineRenderer } from '../domain/inline-sources.js';

export interface PageRendering {
  renderer(): WebPageRenderer & InlineRenderer;
  settings(): LinkSettings;
  /** The headers every page answer carries (security headers, the CSP). */
  pageHeaders: Record<string, string>;
}

export type PageAsked = Omit<WebPageInput, 'productDomain' | 'productImageUrl'>;

export async function renderedPage(
  deps: PageRendering,
  input: PageAsked,
  cacheControl: (status: number) => string,
): Promise<HttpAnswer> {
  const settings = deps.settings();
  const renderer = deps.renderer();
  const page = await renderer.renderWebPage({
    ...input,
    productDomain: settings.productDomain,
    productImageUrl: settings.productImageUrl,
  });
  return {
    status: page.status,
    headers: {
      ...withInlineSources(deps.pageHeaders, renderer),
      'content-type': 'text/html; charset=utf-8',
      'content-language': page.language,
      'cache-control': cacheControl(page.status),
      // A link without a language gets the browser's: a cache keeps a copy per language asked.
      ...(page.negotiated ? { vary: 'Accept-Language' } : {}),
    },
    body: page.html,
  };
}

/**
 * A form posted to a page that reads nothing of it: the page again (303), nothing read or written.
 * The e-mail form posted by the browser itself, before any script of the page ran (the sign-up
 * needs the app: apps/web/src/lib/held-submit.ts holds a submit once the takeover's script runs),
 * and a POST to the welcome page without the e-mail link's code.
 */
export function pageAgain(rawUrl: string): HttpAnswer {
  const url = new URL(rawUrl, 'http://localhost');
  return {
    status: 303,
    headers: { location: `${url.pathname}${url.search}`, 'cache-control': 'no-store' },
    body: '',
  };
}
