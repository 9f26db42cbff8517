/**
 * A person on a phone, counted as the tryouts count her: every tap (a tap that did nothing and had
 * to be made again counts twice), every key, every screen she sees (a new page or a new path in
 * the address bar), every switch between apps (to the mail app and back, out of an app's browser
 * into the phone's own), and the seconds from the invitation to the store. Each page is throttled
 * as a cheap phone on Slow 3G (slow-phone.ts), unless the run says otherwise.
 *
 * She acts as a prompt person does: a link is tapped as soon as it is painted, a field typed into
 * as soon as it takes the focus, four characters a second. Every wait fails saying what never came.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { sleep, STEP_TIMEOUT_MS, typeSteadily, waitingFor } from './email-journey-run.js';
import { ANDROID_PHONE, throttlePage } from './slow-phone.js';

/** 4 characters a second. */
const KEY_INTERVAL_MS = 250;

export interface Tally {
  taps: number;
  keys: number;
  screens: number;
  switches: number;
  seconds: number;
  /** Whether the store was reached with the sign-in for the app (Android's referrer, the iPhone's copy). */
  signedInAtStore: boolean;
}

export interface Phone {
  userAgent: string;
  /** The browser's own language (Accept-Language), which picks the page's language. */
  locale: string;
  /** An iPhone's or an Android phone's screen: the same CSS size here. */
  viewport?: { width: number; height: number };
}

export class Person {
  private taps = 0;
  private keys = 0;
  private screens = 0;
  private switches = 0;
  /** Her first screen: what came before it (a journey's own setting up) is not her time. */
  private started: number | null = null;
  private readonly contexts: BrowserContext[] = [];

  constructor(
    readonly browser: Browser,
    private readonly throttled: boolean,
  ) {}

  /** A browser of the phone on its first visit (a new context: no cache, no storage). */
  async browserOf(phone: Phone): Promise<BrowserContext> {
    const context = await this.browser.newContext({
      ...ANDROID_PHONE,
      userAgent: phone.userAgent,
      locale: phone.locale,
      ...(phone.viewport ? { viewport: phone.viewport } : {}),
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
    this.contexts.push(context);
    return context;
  }

  /** A new tab of `context`, throttled, each of its screens counted. */
  async tab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    this.started ??= performance.now();
    if (this.throttled) await throttlePage(page);
    let shown = '';
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      const screen = `${url.origin}${url.pathname}`;
      if (screen !== shown) this.screens += 1;
      shown = screen;
    });
    return page;
  }

  /** Taps `target` once it is there (a tap Playwright cannot make yet is not a tap she made). */
  async tap(page: Page, target: Locator, what: string): Promise<void> {
    await waitingFor(what, page, () => target.tap());
    this.taps += 1;
  }

  /**
   * Taps `target` until `done` holds, as a person taps again when a tap seems to do nothing: each
   * tap counted, 3 s of looking between them.
   */
  async tapUntil(page: Page, target: Locator, what: string, done: () => Promise<boolean>): Promise<void> {
    const deadline = performance.now() + STEP_TIMEOUT_MS;
    for (;;) {
      await this.tap(page, target, what);
      const looked = performance.now() + 3_000;
      while (performance.now() < looked) {
        if (await done().catch(() => false)) return;
        await sleep(100);
      }
      if (performance.now() > deadline)
        throw new Error(`Tapping ${what} never did what it says, for ${STEP_TIMEOUT_MS / 1000} s (at ${page.url()})`);
    }
  }

  /** Taps the field until it has the focus and takes typing (each tap counted), then types `text`. */
  async typeInto(page: Page, field: Locator, what: string, text: string): Promise<void> {
    const deadline = performance.now() + STEP_TIMEOUT_MS;
    await waitingFor(`the field "${what}" to take typing`, page, async () => {
      for (;;) {
        await field.tap();
        this.taps += 1;
        const focused = await field.evaluate(
          (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
        );
        if (focused && (await field.isEditable())) return;
        if (performance.now() > deadline) throw new Error(`"${what}" never took the focus`);
        await sleep(500); // she looks, then taps again
      }
    });
    await typeSteadily(page, text, this.throttled ? KEY_INTERVAL_MS : 0);
    this.keys += [...text].length;
    const held = await field.inputValue();
    if (held !== text)
      throw new Error(`She typed "${text}" into "${what}", which holds "${held}": the page lost typing`);
  }

  /** She leaves the browser for another app (the mail app), or comes back through a link. */
  switchApp(): void {
    this.switches += 1;
  }

  /** The tally at the store, and every browser of the journey closed. */
  async done(signedInAtStore: boolean): Promise<Tally> {
    const seconds = (performance.now() - (this.started ?? performance.now())) / 1000;
    await Promise.all(this.contexts.map((context) => context.close()));
    const { taps, keys, screens, switches } = this;
    return { taps, keys, screens, switches, seconds, signedInAtStore };
  }
}

/** Waits (polling, as she looks at the page) until `ready` holds; fails saying what never came. */
export async function until(page: Page, what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  while (!(await ready())) {
    if (performance.now() > deadline)
      throw new Error(
        `The journey waited ${STEP_TIMEOUT_MS / 1000} s for ${what}, which never came (at ${page.url()})`,
      );
    await sleep(100);
  }
}
