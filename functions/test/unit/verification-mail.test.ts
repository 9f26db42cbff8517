/** The mail that asks an invitee to confirm their address (domain/verification-mail.ts). */
import hi from '@dayfocus/contracts/locales/hi';
import { describe, expect, it } from 'vitest';
import { welcomeLink } from '../../src/invites/flows/verification-mail-flow.js';
import { verificationMail } from '../../src/invites/domain/verification-mail.js';
import { serverText } from '../../src/platform/domain/server-text.js';

const link = 'https://dayfocus.example/__/auth/action?mode=verifyEmail&oobCode=abc123';
const english = serverText();
const hindi = serverText(hi);
const mail = (overrides: Partial<Parameters<typeof verificationMail>[0]> = {}) =>
  verificationMail({ to: 'ravi@example.com', inviterName: 'Asha', link, text: english, ...overrides });

describe('the verification mail', () => {
  it('goes to the address in the document shape the Trigger Email extension reads', () => {
    const sent = mail();
    expect(sent.to).toBe('ravi@example.com');
    expect(Object.keys(sent.message).sort()).toEqual(['html', 'subject', 'text']);
  });

  it('names the inviter in English and carries the link in both parts', () => {
    const { message } = mail();
    expect(message.subject).toBe('Asha invited you to Dayfocus');
    expect(message.text).toContain('Asha invited you to Dayfocus, and this address was used to sign up.');
    expect(message.text).toContain('you and Asha are friends');
    expect(message.text.split('\n')).toContain(link);
    expect(message.html).toContain('Asha invited you to Dayfocus');
    expect(message.html).toContain(`href="${link.replace('&', '&#38;')}"`);
    expect(message.html).toContain('Confirm my email</a>');
    expect(message.html).toContain('<html lang="en" dir="ltr">');
  });

  it('speaks Hindi when the text is Hindi, naming the inviter', () => {
    const { message } = mail({ text: hindi });
    expect(message.subject).toBe('Asha ने आपको Dayfocus पर आमंत्रित किया है');
    expect(message.text).toContain('आप और Asha दोस्त बन जाएँगे');
    expect(message.text.split('\n')).toContain(link);
    expect(message.html).toContain('मेरे ईमेल की पुष्टि करें</a>');
    expect(message.html).toContain('<html lang="hi" dir="ltr">');
  });

  it('says "A friend" (or the Hindi words) when the inviter has no usable name', () => {
    expect(mail({ inviterName: null }).message.subject).toBe('A friend invited you to Dayfocus');
    expect(mail({ inviterName: ' <b></b>\u200b ' }).message.subject).toBe('A friend invited you to Dayfocus');
    expect(mail({ inviterName: 'win at evil.com' }).message.text).toContain('A friend invited you');
    expect(mail({ inviterName: null, text: hindi }).message.subject).toBe(
      'आपके एक दोस्त ने आपको Dayfocus पर आमंत्रित किया है',
    );
  });

  it('says "A friend" (or the Hindi words) for a name that reads like a message, not a person', () => {
    const scam = mail({ inviterName: 'Refund held, call 0800 123' }).message;
    expect(scam.subject).toBe('A friend invited you to Dayfocus');
    expect(`${scam.text}${scam.html}`).not.toMatch(/Refund|0800/);
    expect(mail({ inviterName: 'Win ₹ at refund.zz', text: hindi }).message.subject).toBe(
      'आपके एक दोस्त ने आपको Dayfocus पर आमंत्रित किया है',
    );
    expect(mail({ inviterName: 'आशा वर्मा', text: hindi }).message.subject).toBe(
      'आशा वर्मा ने आपको Dayfocus पर आमंत्रित किया है',
    );
  });

  it('never lets markup in the inviter name into the HTML', () => {
    const { message } = mail({ inviterName: 'Asha <script>alert()</script> & "co"' });
    expect(message.html).not.toContain('<script');
    expect(message.html).not.toMatch(/"co"/);
    expect(message.html).toContain('&#38; &#34;co&#34;');
  });

  it('escapes & and " in the link wherever the HTML carries it', () => {
    const odd = 'https://dayfocus.example/verify?a=1&b="x"';
    const { message } = mail({ link: odd });
    expect(message.html).not.toContain(odd);
    expect(message.html).not.toContain('"x"');
    const escaped = 'https://dayfocus.example/verify?a=1&#38;b=&#34;x&#34;';
    expect(message.html.split(escaped)).toHaveLength(4); // the button, the plain link's href and its text
    expect(message.text).toContain(odd);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)//https://dayfocus.example',
    ' https://dayfocus.example/x',
    'https://dayfocus.example/\njavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://dayfocus.example/x',
    'dayfocus.example/verify',
  ])('refuses the link %j', (bad) => {
    expect(() => mail({ link: bad })).toThrow(/http: or https:/);
  });

  it('accepts the local stack plain http link', () => {
    const local = 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=x';
    expect(mail({ link: local }).message.text).toContain(local);
  });

  it('says both ways: the button, or the code, large and on a line of its own in the text', () => {
    const { message } = mail({ mailCode: { code: '042917', minutes: 15 } });
    expect(message.text).toContain('Or type this code on the page where you signed up:\n\n042917\n\n');
    expect(message.text).toContain('The code works for 15 minutes. Do not share it with anyone.');
    // After the link: the button first, the code as the other way.
    expect(message.text.indexOf('042917')).toBeGreaterThan(message.text.indexOf(link));
    expect(message.html).toMatch(/<p dir="ltr" style="[^"]*font-size:32px[^"]*">042917<\/p>/);
    expect(message.html.indexOf('042917')).toBeGreaterThan(message.html.indexOf('Confirm my email</a>'));
    const inHindi = mail({ text: hindi, mailCode: { code: '042917', minutes: 15 } }).message;
    expect(inHindi.text).toContain('या जिस पेज पर आपने साइन अप किया था, वहाँ यह कोड लिखें:\n\n042917');
    expect(inHindi.text).toContain('यह कोड 15 मिनट तक काम करेगा।');
    // Without a code (a deployment with no key): the mail as before.
    expect(mail().message.text).not.toContain('type this code');
  });

  it('takes only a code of digits', () => {
    expect(() => mail({ mailCode: { code: '04<b>17', minutes: 15 } })).toThrow(/code of digits/);
  });

  it('keeps the code left to right in a right-to-left language', () => {
    const { html } = mail({ text: { ...english, dir: 'rtl' }, mailCode: { code: '042917', minutes: 15 } }).message;
    expect(html).toContain('<html lang="en" dir="rtl">');
    expect(html).toContain('<p dir="ltr" style="');
  });

  it('lays out right to left in a right-to-left language', () => {
    const { html } = mail({ text: { ...english, dir: 'rtl' } }).message;
    expect(html).toContain('dir="rtl"');
    expect(html).not.toContain('dir="ltr"');
    expect(html).not.toMatch(/\b(left|right)\b/);
  });
});

describe("the mail's link", () => {
  it('opens the welcome page of the account and its inviter, in the language, ids encoded', () => {
    expect(welcomeLink('https://dayfocus.app/', 'new-uid', 'inviter-1', 'hi').href).toBe(
      'https://dayfocus.app/welcome/new-uid/inviter-1?lg=hi',
    );
    expect(welcomeLink('https://dayfocus.app', 'a/b?c', 'd#e', 'en').pathname).toBe('/welcome/a%2Fb%3Fc/d%23e');
  });
});
