// The invite card as a chat's preview shows it: the invitation's preview names a card of the
// inviter's own in the page's language, which the browser decodes as a 1200x630 picture. Each card
// is saved beside the screenshots, for the contact sheet (contact-sheet.ts, "Invite cards").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seedInviter, useBrowser } from './support/app';

/** The cards the sheet shows: each script of a language the product offers, a long name, no picture. */
const cards = [
  { label: 'en', language: 'en', name: 'Asha Verma', picture: true },
  { label: 'hi', language: 'hi', name: 'क्षितिज श्रीवास्तव', picture: true },
  { label: 'bn', language: 'bn', name: 'সৌমিত্র চট্টোপাধ্যায়', picture: true },
  { label: 'ta', language: 'ta', name: 'கார்த்திகேயன் சுப்பிரமணியம்', picture: true },
  { label: 'long-name', language: 'en', name: `Asha ${'Vermaswaminathan '.repeat(4)}Rao`.slice(0, 80), picture: true },
  { label: 'no-picture-hi', language: 'hi', name: 'ज्ञानेश त्रिपाठी 🙂', picture: false },
] as const;

describe('The invite card in the browser', () => {
  const browser = useBrowser();

  it.each(cards)('the $label card is a 1200x630 picture the invitation names', async (card) => {
    const inviter = await seedInviter({ name: card.name, picture: card.picture });
    const page = await browser.newPage();
    await page.goto(`/feedback/${inviter.userId}/${card.language}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toContain(`/card/${inviter.userId}/${card.language}/`);
    const response = await page.request.get(image ?? '');
    expect(response.status()).toBe(200);
    const bytes = await response.body();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, `invite-card-${card.label}.jpg`), bytes);
    // The browser's own decoder: the picture a chat app would show, opened as a document of its own.
    const picture = await browser.newPage();
    await picture.goto(image ?? '');
    const size = await picture
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => (await img.decode(), [img.naturalWidth, img.naturalHeight]));
    expect(size).toEqual([1200, 630]);
  });
});
