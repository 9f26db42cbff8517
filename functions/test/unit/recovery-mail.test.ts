/** What the owner of a locked account reads (sign-in-handoffs/domain/recovery-mail.ts): the mail and the recovery page. */
import { describe, expect, it } from 'vitest';
import english from '@dayfocus/contracts/locales/en';
import hindi from '@dayfocus/contracts/locales/hi';
import { accountLockMail, recoveryLink, recoveryPage } from '../../src/sign-in-handoffs/domain/recovery-mail.js';
import { serverText } from '../../src/platform/domain/server-text.js';

const en = serverText(english);
const hi = serverText(hindi);
const link = recoveryLink('https://dayfocus.app', 'mira', 'c'.repeat(43));

describe('the lock mail', () => {
  it('goes to the given address in her language, with the recovery link in both parts', () => {
    const mail = accountLockMail('mira@example.com', link, hi);
    expect(link).toBe(`https://dayfocus.app/account-recovery?account=mira&code=${'c'.repeat(43)}`);
    expect(mail.to).toBe('mira@example.com');
    expect(mail.message.subject).toBe(hindi.server.accountLockMail.subject);
    expect(mail.message.text).toContain(link);
    expect(mail.message.html).toContain('lang="hi"');
    expect(mail.message.html).toContain(link.replaceAll('&', '&#38;'));
  });
});

describe('the recovery page', () => {
  it('shows a form that posts the account and its code, and changes nothing by itself', () => {
    const page = recoveryPage({ kind: 'form', uid: 'mira"><b>', code: 'c'.repeat(43) }, hi);
    expect(page).toContain('<form method="post" action="/account-recovery">');
    expect(page).toContain('name="account" value="mira&#34;&#62;&#60;b&#62;"');
    expect(page).toContain(`name="code" value="${'c'.repeat(43)}"`);
    expect(page).toContain(hindi.server.accountLockMail.heading);
    expect(page).not.toContain('<script');
  });

  it.each([
    ['wait', english.server.accountLockMail.heading, english.server.accountRecovery.wait],
    ['refused', english.server.accountRecovery.refusedHeading, english.server.accountRecovery.refused],
    ['done-social', english.server.accountRecovery.recoveredHeading, 'sign in as before'],
  ] as const)('says what happened: %s', (kind, heading, words) => {
    const page = recoveryPage({ kind }, en);
    expect(page).toContain(`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${heading}</h1>`);
    expect(page).toContain(words);
    expect(page).not.toContain('<form');
  });

  it('gives the password owner the link to set hers', () => {
    const page = recoveryPage({ kind: 'done-password', resetLink: 'https://x.example/r?a=1&b=2' }, en);
    expect(page).toContain('href="https://x.example/r?a=1&#38;b=2"');
    expect(page).toContain(english.server.accountRecovery.setPassword);
  });
});
