// What every page obeys beyond its own look: the Content-Security-Policy refuses an injected
// script, and each script's letters are drawn by its Noto face (the screens: pages-<group>.e2e.ts).
import { describe, expect, it } from 'vitest';
import { textsOf } from './support/locales';
import { seedInviter, useBrowser } from './support/app';
import { screens } from './support/pages';

describe('The Content-Security-Policy', () => {
  const browser = useBrowser();

  it('refuses a script injected into the invitation page, and the tests see the violation', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await screens[0]?.open(page, textsOf('en'), inviter, 'en');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => browser.takeViolations().join('\n')).toContain('script-src');
  });
});

describe('Fonts', () => {
  const browser = useBrowser();

  /** The platform fonts that draw the invitation's heading in `language`, with how many glyphs each. */
  async function headingFonts(language: string) {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', language });
    await screens[0]?.open(page, textsOf(language), inviter, language);
    const cdp = await page.context().newCDPSession(page);
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' })) as {
      nodeId: number;
    };
    await cdp.send('CSS.enable');
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
      fonts: { familyName: string; glyphCount: number }[];
    };
    const spaces = (await page.locator('h1').innerText()).split(' ').length - 1;
    return { fonts, spaces };
  }

  // Every letter of the heading is drawn by the script's Noto face; another font may at most draw its spaces.
  for (const [language, family] of [
    ['hi', 'Noto Sans'],
    ['bn', 'Noto Sans Bengali'],
    ['ta', 'Noto Sans Tamil'],
    ['te', 'Noto Sans Telugu'],
  ] as const)
    it(`draws the ${language} invitation in the ${family} of the npm registry, whatever fonts the machine has`, async () => {
      const { fonts, spaces } = await headingFonts(language);
      expect(fonts.find((f) => f.familyName === family)?.glyphCount ?? 0, JSON.stringify(fonts)).toBeGreaterThan(8);
      const others = fonts.filter((f) => f.familyName !== family);
      expect(
        others.reduce((sum, f) => sum + f.glyphCount, 0),
        JSON.stringify(fonts),
      ).toBeLessThanOrEqual(spaces);
    });
});
