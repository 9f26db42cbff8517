// axe-core's verdict on a page, as the browser tests ask for it: its serious and critical
// violations, in every frame.
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/**
 * Whether every frame of the page is of the page's origin (or has none of its own, as
 * `about:blank` and `srcdoc` frames): then axe-core's plain run in the page tests all of them. A
 * frame whose address is not one yet (a navigation it has not committed) counts as another origin.
 */
function framesOfOneOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    if (/^about:(blank|srcdoc)$/.test(url)) return true;
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  });
}

/** What @axe-core/playwright runs in a frame in place of axe-core's source once axeInEveryFrame put it there. */
const AXE_ALREADY_THERE = `if (typeof window.axe?.run !== 'function') throw new Error('axe-core is not in this frame');`;

/**
 * Puts axe-core (the web app's own dependency: the lockfile holds one copy, which
 * @axe-core/playwright loads too) in every frame of the page that does not hold its version yet:
 * once a document, where @axe-core/playwright's plain run evaluates its 600 kB in the page twice an
 * analysis (docs/testing.md). A frame that went away meanwhile is left, as the library leaves it.
 */
async function axeInEveryFrame(page: Page): Promise<void> {
  const putIn = async (frame: Frame) => {
    const there = await frame.evaluate((version) => {
      const held = (window as { axe?: { version?: unknown } }).axe;
      return held?.version === version;
    }, axe.version);
    if (!there) await frame.evaluate(axe.source);
  };
  await Promise.all(
    page.frames().map((frame) =>
      putIn(frame).catch((error: unknown) => {
        if (!frame.isDetached()) throw error;
      }),
    ),
  );
}

/**
 * axe-core's serious and critical violations of the page, with a summary a person can read.
 *
 * Every rule, in every frame. Where every frame is of the page's origin, axe-core runs in the page
 * itself (@axe-core/playwright's legacy mode: `axe.run`, which reaches same-origin frames), put in
 * each frame once (axeInEveryFrame): a test that looks at a page at two sizes evaluates its source
 * once, not four times. The library's default runs each frame's part and joins them in a blank page
 * of its own, a renderer and a third copy of axe-core each time: 260 to 370 ms an analysis of an
 * invitation page against 140 to 270 ms in legacy mode. A page with a frame of another origin,
 * which the plain run leaves out, still gets the default, the library injecting its own copy.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<{ ids: string[]; summary: string }> {
  const inPage = framesOfOneOrigin(page);
  if (inPage) await axeInEveryFrame(page);
  const results = await new AxeBuilder(inPage ? { page, axeSource: AXE_ALREADY_THERE } : { page })
    .setLegacyMode(inPage)
    // Selectors for the violations alone (axe-core's own performance advice): no caller reads the
    // nodes that passed, and an analysis took 213 ms against 254 on average (56 of them).
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = serious
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`,
      );
      return [`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join('\n');
    })
    .join('\n');
  return { ids: serious.map((violation) => violation.id), summary };
}
