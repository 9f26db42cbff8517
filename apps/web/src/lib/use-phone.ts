import { phoneOf, type Phone } from '@dayfocus/contracts/phones';
import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * The phone a server-rendered page was rendered for (from the request's User-Agent): the renderer
 * sets it before a render, and the app before it takes that page over (takeover/page.tsx), so that
 * both draw the same page. Elsewhere the browser's own answer is used from the first render.
 */
let renderedFor: Phone | undefined;

export function setRenderedPhone(phone: Phone | undefined): void {
  renderedFor = phone;
}

/** The visitor's phone (the store to show first, the app handoff), or none, as the page can tell it. */
export function usePhone(): Phone | undefined {
  return useSyncExternalStore(
    unchanging,
    () => phoneOf(navigator.userAgent),
    () => renderedFor,
  );
}
