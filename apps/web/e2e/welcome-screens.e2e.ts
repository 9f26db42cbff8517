// The welcome page at phone and desktop size, on Android, an iPhone and a desktop, in English and
// Hindi: during activation and after, screenshot (the rest of the page's tests: welcome.e2e.ts).
import { describe, it } from 'vitest';
import { textsOf } from './support/locales';
import { holdActivation } from './support/hold-app';
import { screenshot, useBrowser, visible } from './support/app';
import { invitation, openAs, news } from './support/welcome';

describe('The welcome page hands over to the app', () => {
  const browser = useBrowser();

  for (const visitor of ['android', 'iphone', 'desktop'] as const) {
    for (const language of ['en', 'hi'] as const) {
      it(`screenshots: ${visitor}, ${language}, during activation and after`, async () => {
        const { path } = await invitation();
        const page = await openAs(browser, visitor);
        const held = await holdActivation(page);
        await page.goto(`${path}?lg=${language}`);
        await held.arrived;
        await visible(page.getByRole('status').getByText(textsOf(language).welcome.activating));
        await screenshot(page, `welcome-activating-${visitor}`, language, visitor === 'desktop' ? 'desktop' : 'phone');
        held.release();
        await visible(news(page, language));
        await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
        await screenshot(page, `welcome-friends-${visitor}`, language, visitor === 'desktop' ? 'desktop' : 'phone');
      });
    }
  }
});
