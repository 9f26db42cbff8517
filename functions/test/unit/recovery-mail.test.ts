/** What the owner of a locked account reads (sign-in-handoffs/domain/recovery-mail.ts): the mail and the recovery page. */
import { describe, expect, it } from 'vitest';
import english from '@dayfocus/contracts/locales/en';
import hindi from '@dayfocus/contracts/locales/hi';
import {
  accountDeletedMail,
  accountLockMail,
  RECOVERY_FORM_SCRIPT,
  recoveryLink,
  recoveryPage,
} from '../../src/sign-in-handoffs/domain/recovery-mail.js';
import { serverText } from '../../src/platform/domain/server-text.js';

const en = serverText(english);
const hi = serverText(hindi);
const link = recoveryLink('https://dayfocus.app', 'mira', 'c'.repeat(43));

describe('the lock mail', () => {
  it('goes to the given address in her language, with the recovery link in both parts', () => {
    const mail = accountLockMail('mira@example.com', link, hi);
    // The code in the fragment, which no request carries to a server (and so no request log keeps).
    expect(link).toBe(`https://dayfocus.app/account-recovery#account=mira&code=${'c'.repeat(43)}`);
    expect(new URL(link).search).toBe('');
    expect(mail.to).toBe('mira@example.com');
    expect(mail.message.subject).toBe(hindi.server.accountLockMail.subject);
    expect(mail.message.text).toContain(link);
    expect(mail.message.html).toContain('lang="hi"');
    expect(mail.message.html).toContain(link.replaceAll('&', '&#38;'));
  });
});

describe('the deletion mail', () => {
  it('tells her in her language what happened, links to the home page, and carries no recovery link', () => {
    const mail = accountDeletedMail('mira@example.com', 'https://dayfocus.app/', hi);
    expect(mail.message.subject).toBe(hindi.server.accountDeletedMail.subject);
    expect(mail.message.text).toContain(hindi.server.accountDeletedMail.next);
    expect(mail.message.text).toContain('https://dayfocus.app/');
    expect(mail.message.text).not.toContain('account-recovery');
  });
});

describe('the recovery page', () => {
  it("opened from the mail's link, fills its form from the fragment with its one script", () => {
    const page = recoveryPage({ kind: 'form' }, hi);
    expect(page).toContain('name="account" value=""');
    expect(page).toContain(`<script>${RECOVERY_FORM_SCRIPT}</script>`);
    expect(page).toContain(`<noscript><p>${hindi.server.accountRecovery.needsScript}</p></noscript>`);
  });

  it('shows a form that posts the account and its code, and changes nothing by itself', () => {
    const page = recoveryPage({ kind: 'form', fields: { uid: 'mira"><b>', code: 'c'.repeat(43) } }, hi);
    expect(page).toContain('<form method="post" action="/account-recovery">');
    expect(page).toContain('name="account" value="mira&#34;&#62;&#60;b&#62;"');
    expect(page).toContain(`name="code" value="${'c'.repeat(43)}"`);
    expect(page).toContain(hindi.server.accountLockMail.heading);
    expect(page).not.toContain('<script');
  });

  it.each([
    ['wait', english.server.accountLockMail.heading, english.server.accountRecovery.wait],
    ['refused', english.server.accountRecovery.refusedHeading, english.server.accountRecovery.refused],
    ['failed', english.server.accountLockMail.heading, english.server.accountRecovery.failed],
  ] as const)('says what happened: %s', (kind, heading, words) => {
    const page = recoveryPage({ kind }, en);
    expect(page).toContain(`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${heading}</h1>`);
    expect(page).toContain(words);
    expect(page).not.toContain('<form');
  });

  it('says she signs in as before, and when so, that an account made on her address was turned off', () => {
    const done = recoveryPage({ kind: 'done-social', squatted: false }, en);
    expect(done).toContain(english.server.accountRecovery.recoveredHeading);
    expect(done).toContain('sign in as before');
    expect(done).not.toContain(english.server.accountRecovery.squatted);
    expect(recoveryPage({ kind: 'done-social', squatted: true }, en)).toContain(
      english.server.accountRecovery.squatted,
    );
  });

  it('gives the password owner the link to set hers', () => {
    const page = recoveryPage({ kind: 'done-password', resetLink: 'https://x.example/r?a=1&b=2', squatted: false }, en);
    expect(page).toContain('href="https://x.example/r?a=1&#38;b=2"');
    expect(page).toContain(english.server.accountRecovery.setPassword);
  });
});
