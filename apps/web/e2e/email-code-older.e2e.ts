// The code of an older mail, typed after "send the e-mail again", as the tryout met it: the page
// said what it says for a typo ("check it"). The server now tells an older mail's code apart
// (functions/src/activation/flows/mail-code-way.ts), and the page says that only the newest mail's code works; that one does.
import { createHash } from 'node:crypto';
import { adminDb, outboxIds, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import {
  authUserByEmail,
  reachPath,
  screenshot,
  seedInviter,
  signUpByEmail,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';
import { textsOf } from './support/locales';

describe('The code of an older mail, on a phone', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const) {
    it(`in ${language}: says only the newest mail's code works, and the newest one does`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter();
      const invitee = { name: 'Mira Nair', email: uniqueEmail('e2e-older-code'), password: 'correct-horse' };
      const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      await page.clock.install();
      await signUpByEmail(page, inviter.userId, invitee, t);
      const first = await verificationMail(invitee.email);

      // "Send the e-mail again" once its minute is up: the page's clock, and the server's log.
      const key = createHash('sha256').update(invitee.email.toLowerCase()).digest('hex');
      const aMinuteAgo = new Date(Date.now() - 61_000).toISOString();
      await adminDb
        .collection('_mailLogs')
        .doc(key)
        .set({ sentAt: [aMinuteAgo], plainSentAt: [aMinuteAgo] });
      await page.clock.fastForward(61_000);
      const resend = page.getByRole('button', { name: t.confirmEmail.resend });
      await expect.poll(() => resend.isEnabled()).toBe(true);
      await resend.click();
      const newest = await verificationMail(invitee.email, { after: [first.id] });
      expect(await outboxIds(invitee.email)).toEqual([first.id, newest.id]);

      const field = page.getByLabel(t.confirmEmail.codeLabel, { exact: true });
      const confirm = page.getByRole('button', { name: t.confirmEmail.codeSubmit, exact: true });
      if (first.code !== newest.code) {
        await field.fill(first.code);
        await confirm.click();
        await visible(page.getByText(t.confirmEmail.codeOlder, { exact: true }));
        expect(await page.getByText(t.confirmEmail.codeRefused, { exact: true }).count()).toBe(0);
        await screenshot(page, 'confirm-email-code-older', language, 'phone');
      }

      await field.fill(newest.code);
      await confirm.click();
      const { uid } = await authUserByEmail(invitee.email);
      await reachPath(page, new RegExp(`^/welcome/${uid}/${inviter.userId}(\\?lg=${language})?$`));
      await visible(page.getByText(t.welcome.activated));
    });
  }
});
