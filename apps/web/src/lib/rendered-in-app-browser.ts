/**
 * What the server found from the request (its user agent and query) for the page it renders, and
 * that page's address: the renderer sets it before a render, and the takeover from the page's state
 * (takeover/page.tsx), so that the first HTML already shows the way out of an in-app browser where
 * the app will, and the app takes it over without a change. A module of its own, without the
 * detection's library: the takeover of every page imports it. Only Telegram, known by an object it
 * injects, is left for the browser to find after the takeover.
 */
import type { InAppBrowser } from './in-app-browser';

export interface RenderedInAppBrowser {
  /** Null on a page the CDN keeps for every browser alike. */
  inApp: InAppBrowser | null;
  /** The address the page was drawn for, from which the way out is made. */
  pageHref: string;
}

let rendered: RenderedInAppBrowser = { inApp: null, pageHref: '' };

export function setRenderedInAppBrowser(value: RenderedInAppBrowser): void {
  rendered = value;
}

export function renderedInAppBrowser(): RenderedInAppBrowser {
  return rendered;
}
