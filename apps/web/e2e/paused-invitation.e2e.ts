// An invitation its inviter paused (her app's pauseInvitations: docs/app-contract.md), at phone
// size in Hindi and Tamil: the server's page says she is not adding friends through this link
// right now and offers the app stores, with nothing that makes an account (no sign-up, no "I
// already have an account"); the app takes it over with no console error and nothing moving.
import { describe, expect, it } from 'vitest';
import { layoutShifts, watchLayoutShifts } from '@dayfocus/stack/layout-shifts';
import { adminDb } from '@dayfocus/stack/testing';
import { textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, useBrowser, visible } from './support/app';

describe('a paused invitation', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const) {
    it(`in ${language === 'hi' ? 'Hindi' : 'Tamil'}, on a phone: says so, offers the stores and no sign-up, and the app takes it over unmoved`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter({ name: 'Meera Nair' });
      const now = new Date().toISOString();
      await adminDb
        .collection('_inviteControls')
        .doc(inviter.userId)
        .set({ inviterId: inviter.userId, paused: true, updatedAt: now });

      const page = await browser.newPage({ device: 'phone', serviceWorkers: true });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
      });
      await watchLayoutShifts(page);
      const response = await page.goto(`/feedback/${inviter.userId}/${language}`);
      expect(response?.status()).toBe(200);
      const closed = t.invitation.closed.replace('{{name}}', 'Meera Nair');
      // The server's HTML says it, before any script.
      expect(await response?.text()).toContain(closed);
      await takenOver(page);
      await visible(page.getByText(closed));
      await visible(page.getByRole('heading', { name: t.product.getApp }));
      expect(await page.getByRole('link', { name: /Google Play/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /App Store/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: t.invitation.signUp, exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: t.invitation.signUp, exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: t.invitation.haveAccount }).count()).toBe(0);
      expect(consoleErrors, 'console errors and warnings').toEqual([]);
      const shifts = await layoutShifts(page);
      expect(shifts.moved, 'what shifted').toEqual([]);
      expect(shifts.total, 'cumulative layout shift').toBe(0);
      await screenshot(page, 'invitation-paused', language, 'phone');
    });
  }

  it('in Hindi, at every phone width: the sentence never leaves its last word alone on a line', async () => {
    const inviter = await seedInviter({ name: 'Meera Nair' });
    await adminDb
      .collection('_inviteControls')
      .doc(inviter.userId)
      .set({ inviterId: inviter.userId, paused: true, updatedAt: new Date().toISOString() });
    const closed = textsOf('hi').invitation.closed.replace('{{name}}', 'Meera Nair');
    const page = await browser.newPage({ device: 'phone' });
    await page.goto(`/feedback/${inviter.userId}/hi`);
    await takenOver(page);
    const alone: number[] = [];
    for (let width = 280; width <= 430; width += 1) {
      await page.setViewportSize({ width, height: 900 });
      // The first letters of the sentence's last two words (split at any space, a no-break one
      // too): on one line, or the last word stands alone on its own.
      const split = await page.evaluate((sentence) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          if (text !== sentence) continue;
          const starts = [...text.matchAll(/\S+/gu)].map((word) => word.index);
          const top = (at: number) => {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            return range.getBoundingClientRect().top;
          };
          return top(starts.at(-2) ?? 0) !== top(starts.at(-1) ?? 0);
        }
        throw new Error('the closed sentence is not on the page');
      }, closed);
      if (split) alone.push(width);
    }
    expect(alone, 'widths where the last word stands alone').toEqual([]);
  });
});
