// The accessibility check every screen goes through (support/accessibility.ts) sees what a page
// shows at the moment it is asked: a page it has looked at before, a frame that came since, a page
// loaded again. It puts axe-core in a document once and asks it again there, so each of these is a
// place where an answer of the time before could be handed on.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { en } from './support/locales';
import { useBrowser, visible } from './support/app';

/** Puts a button with no name at the end of the page's main region: axe-core's `button-name`, critical. */
const addNamelessButton = (page: Page) =>
  page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));

describe('the accessibility check', () => {
  const browser = useBrowser();

  it('judges the page as it is now each time, in a frame added since and after the page is loaded again', async () => {
    const page = await browser.newPage({ device: 'phone', language: 'en' });
    await page.goto('/');
    await visible(page.getByRole('heading', { name: en.home.title, exact: true }));
    expect((await seriousAccessibilityViolations(page)).ids).toEqual([]);

    await addNamelessButton(page);
    expect((await seriousAccessibilityViolations(page)).ids).toEqual(['button-name']);

    // The button named; a frame of the page's own with a picture that says nothing.
    await page.evaluate(() => {
      document.querySelector('main button')?.setAttribute('aria-label', 'Close');
      const frame = document.createElement('iframe');
      frame.title = 'A picture';
      frame.srcdoc =
        '<!doctype html><html lang="en"><title>A picture</title><main><img src="/images/demo-inviter.svg"></main></html>';
      document.querySelector('main')?.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    });
    const inFrame = await seriousAccessibilityViolations(page);
    expect(inFrame.ids).toEqual(['image-alt']);
    expect(inFrame.summary).toContain('iframe');

    await page.reload();
    await visible(page.getByRole('heading', { name: en.home.title, exact: true }));
    expect((await seriousAccessibilityViolations(page)).ids).toEqual([]);
    await addNamelessButton(page);
    expect((await seriousAccessibilityViolations(page)).ids).toEqual(['button-name']);
  });
});
