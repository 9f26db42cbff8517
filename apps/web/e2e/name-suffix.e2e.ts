// A name and the suffix its language joins to it stay on one line: Tamil writes "Asha Verma-உம்",
// and a line must never end at the hyphen with "உம்" alone on the next (nor Bengali's "-এর").
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { seedInviter, useBrowser } from './support/app';

describe("a name and its language's suffix", () => {
  const browser = useBrowser();

  it('are never split across lines on the Tamil invitation and sign-up, at any phone width', async () => {
    const inviter = await seedInviter({ name: 'Asha Verma' });
    const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
    const splits: string[] = [];
    for (const path of [`/feedback/${inviter.userId}/ta`, `/social-sign-up/${inviter.userId}?lg=ta`])
      for (let width = 280; width <= 430; width += 1) {
        if (width === 280) await page.goto(path);
        await page.setViewportSize({ width, height: 900 });
        // Each occurrence of the name's last word with its suffix: are its first and last letters on one line?
        const split = await page.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/Verma-\u2060?(\S+)/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + 1);
              const first = range.getBoundingClientRect();
              range.setStart(node, match.index + match[0].length - 1);
              range.setEnd(node, match.index + match[0].length);
              const last = range.getBoundingClientRect();
              if (Math.abs(first.top - last.top) > first.height / 2) found.push(match[0]);
            }
          }
          return found;
        });
        splits.push(...split.map((words) => `${path} at ${width}px: ${words}`));
      }
    expect(splits).toEqual([]);
  });
});
