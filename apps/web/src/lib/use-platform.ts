import { useSyncExternalStore } from 'react';
import { platformOf, type Platform } from './platform';

const unchanging = () => () => {};

/**
 * The platform a server-rendered page was rendered for (from the request's User-Agent): the
 * renderer sets it before a render, and the app before it takes that page over (takeover/page.tsx), so that
 * both draw the same page. Elsewhere the browser's own answer is used from the first render.
 */
let renderedFor: Platform = 'other';

export function setRenderedPlatform(platform: Platform): void {
  renderedFor = platform;
}

/** The visitor's phone (the store to show first, the app handoff), as the page can tell it. */
export function usePlatform(): Platform {
  return useSyncExternalStore(
    unchanging,
    () => platformOf(navigator.userAgent),
    () => renderedFor,
  );
}
