// A browser that runs no script (docs/arrival.md, "Without scripts"): the pages show what works
// there and say what does not, instead of a control that silently does nothing.
import { CHROME_ANDROID, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import { filledActions } from './support/layout';
import { textsOf } from './support/locales';

/** The buttons of Apple and Google, which need scripts. */
const PROVIDERS = '.button-apple, .button-google';
import { pathOf, screenshot, seedInviter, useBrowser, visible } from './support/app';

describe('Without scripts', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const) {
    const t = textsOf(language);

    it(`the check-mail page offers the mail's link, not a code form that cannot work (${language})`, async () => {
      const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
      await page.goto(`/confirm-email?lg=${language}`);
      await visible(page.getByRole('heading', { name: t.confirmEmail.title }));
      await visible(page.getByText(t.confirmEmail.nextWithoutScripts, { exact: true }));
      expect(await page.getByLabel(t.confirmEmail.codeLabel, { exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: t.confirmEmail.codeSubmit }).isVisible()).toBe(false);
      expect(await page.getByText(t.confirmEmail.next, { exact: true }).isVisible()).toBe(false);
      await screenshot(page, 'confirm-email-without-scripts', language, 'phone');

      // With scripts, the code form as before, and no word of scripts.
      const running = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
      await running.goto(`/confirm-email?lg=${language}`);
      await visible(running.getByLabel(t.confirmEmail.codeLabel, { exact: true }));
      expect(await running.getByText(t.confirmEmail.nextWithoutScripts).count()).toBe(0);
    });

    it(`the method page says that Apple and Google need scripts, before the tap (${language})`, async () => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE, javaScriptEnabled: false });
      await page.goto(`/social-sign-up/${inviter.userId}?lg=${language}`);
      const line = page.getByText(t.socialSignUp.needsJavaScript, { exact: true });
      await visible(line);
      // Above the first button, where she reads it before tapping.
      const lineBox = await line.boundingBox();
      const appleBox = await page.getByRole('button', { name: t.socialSignUp.apple }).boundingBox();
      expect(lineBox && appleBox && lineBox.y < appleBox.y).toBe(true);
      // Nothing a tap cannot do is drawn as the page's action: no provider's button filled.
      expect(await filledActions(page, PROVIDERS)).toEqual([]);
      await screenshot(page, 'social-sign-up-without-scripts', language, 'phone');

      const running = await browser.newPage({ device: 'phone', userAgent: SAFARI_IPHONE });
      await running.goto(`/social-sign-up/${inviter.userId}?lg=${language}`);
      await visible(running.getByRole('button', { name: t.socialSignUp.apple }));
      expect(await running.getByText(t.socialSignUp.needsJavaScript).count()).toBe(0);
      expect(await filledActions(running, PROVIDERS)).toEqual([t.socialSignUp.apple]);
      expect(pathOf(running)).toBe(`/social-sign-up/${inviter.userId}?lg=${language}`);
    });
  }
});
