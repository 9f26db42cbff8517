// The e-mail leg as it happens on a phone (docs/arrival.md): the e-mail in the page's language,
// naming the inviter, whose link opens in that language in another browser; and "send it again",
// after a minute and until the address has had its mails for the day. The rest of the leg is in
// email-leg-links.e2e.ts, and the store tap after it in email-leg-store*.e2e.ts.
import { createHash } from 'node:crypto';
import { adminDb, outboxIds, verificationMail } from '@dayfocus/stack/testing';
import { describe, expect, it } from 'vitest';
import { en, hi } from './support/locales';
import { authUserByEmail, expectJoined, seedInviter, openMailLink, useBrowser, visible } from './support/app';
import { newInvitee, signUpWithEmail } from './support/email-leg';

/**
 * The address's mail log as five sends to it in the last hours left it: its day's mails are spent
 * (`plainSentAt`: they went to the address itself, not to another spelling of its mailbox).
 */
async function spendTheDay(email: string) {
  const key = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const hour = 3_600_000;
  const sentAt = [5, 4, 3, 2, 1].map((hours) => new Date(Date.now() - hours * hour).toISOString());
  await adminDb.collection('_mailLogs').doc(key).set({ sentAt, plainSentAt: sentAt });
}

describe('The e-mail leg on a phone', () => {
  const browser = useBrowser();

  it('sends our verification e-mail in Hindi from the Hindi pages, naming the inviter, and its link opens in Hindi elsewhere', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone', language: 'hi' });
    await signUpWithEmail(page, inviter, invitee, hi);

    const mail = await verificationMail(invitee.email);
    expect(mail.subject).toBe(`${inviter.name} ने आपको Dayfocus पर आमंत्रित किया है`);
    expect(mail.text).toContain(`आप और ${inviter.name} दोस्त बन जाएँगे`);
    expect(mail.text).not.toContain(invitee.name); // never the name typed
    expect(new URL(mail.link).searchParams.get('lg')).toBe('hi');
    const other = await browser.newPage({ device: 'phone' }); // the mail app's browser: no language stored
    await openMailLink(other, mail.link);
    await visible(other.getByRole('heading', { name: hi.welcome.title }));
    await visible(other.getByText(hi.welcome.activated));
    const { uid } = await authUserByEmail(invitee.email);
    await expectJoined(inviter, { uid, name: invitee.name, email: invitee.email });
  });

  it('sends the e-mail again after a minute, and says so when the address has had its mails for the day', async () => {
    const inviter = await seedInviter();
    const invitee = newInvitee();
    const page = await browser.newPage({ device: 'phone' });
    await page.clock.install();
    await signUpWithEmail(page, inviter, invitee);
    const resend = page.getByRole('button', { name: en.confirmEmail.resend });
    await visible(resend);
    expect(await resend.isDisabled()).toBe(true);
    await visible(page.getByText(/You can send it again in \d+ s\./));
    const [first] = await outboxIds(invitee.email);
    expect(first).toBeDefined();

    // The server's minute (its own clock): the address's log as a minute ago left it.
    const key = createHash('sha256').update(invitee.email.toLowerCase()).digest('hex');
    await adminDb
      .collection('_mailLogs')
      .doc(key)
      .set({ sentAt: [new Date(Date.now() - 61_000).toISOString()] });
    await page.clock.fastForward(61_000);
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await visible(page.getByRole('alert').getByText(en.confirmEmail.resent));
    await verificationMail(invitee.email, { after: [first ?? ''] });
    expect(await resend.isDisabled()).toBe(true); // the wait starts again

    await spendTheDay(invitee.email);
    await page.clock.fastForward(61_000);
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.click();
    await visible(page.getByRole('alert').getByText(en.confirmEmail.tooManyRequests));
    expect(await outboxIds(invitee.email)).toHaveLength(2);
    expect(await resend.isDisabled()).toBe(true); // until the day's first send leaves the day
  });
});
