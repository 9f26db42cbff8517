/**
 * The mail that asks an invitee to confirm their address, as the Firebase "Trigger Email"
 * extension (firebase/firestore-send-email) reads it from its `mail` collection: the adapter
 * writes this object as the document, unchanged. Pure. It speaks the invitee's language and
 * names only the inviter: a name the invitee typed is never put in it, so a stranger cannot
 * sign up with someone else's address and have words of their choosing mailed there; and the
 * inviter's own name only when it reads as a name (mail-names.ts), else "A friend".
 */
import { escapeHtml } from '@dayfocus/contracts/html';
import { fontStack } from '@dayfocus/contracts/fonts';
import type { ServerText } from '../../platform/domain/server-text.js';
import { inviterNameForMail } from './mail-names.js';

export interface MailMessage {
  to: string;
  message: { subject: string; text: string; html: string };
}

export interface VerificationMailInput {
  to: string;
  /** The inviter's stored name; cleaned and checked here, as it came from a record a client may write. */
  inviterName: string | null;
  link: string;
  /** The words, in the invitee's language (and that language's direction). */
  text: ServerText;
  /** The short code to type instead of tapping (mail-codes.ts), and the minutes it works for. */
  mailCode?: MailCode;
}

export interface MailCode {
  code: string;
  minutes: number;
}

/** The code's words and the code, as a mail shows them. */
interface CodeBlock {
  intro: string;
  code: string;
  note: string;
}

// The web app's brand colours (apps/web/src/styles.css: --brand, --brand-dark), repeated here:
// a mail carries its styles inline and cannot read the page's stylesheet.
const BRAND = '#c8124a';
const BRAND_DARK = '#9e0e3a';

/**
 * The link, refused unless it is plainly http(s): a `javascript:` or `data:` link must never
 * reach a mail, and white space or control characters could let a mail client read the scheme
 * differently from this check (or break the text part's line).
 */
function checkedLink(link: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(link) || /[\s\u0000-\u001f\u007f]/.test(link) || !URL.canParse(link)) {
    throw new Error('A verification mail takes only an http: or https: link.');
  }
  return link;
}

function inviterShown(inviterName: string | null, text: ServerText): string {
  return inviterNameForMail(inviterName) ?? text.t('verificationMail.someone');
}

type MailWords = Record<'subject' | 'heading' | 'lead' | 'button' | 'next' | 'linkHelp' | 'notYou', string>;

/**
 * The HTML part: one column, inline styles only (mail clients drop `<style>`), no left or right
 * so that a right-to-left language lays out by its `dir`, and the plain link under the button for
 * clients that break buttons. Every value is escaped where it goes in.
 */
function htmlPart(words: MailWords, link: string, language: string, dir: 'ltr' | 'rtl', code?: CodeBlock): string {
  const e = escapeHtml;
  const small = 'margin:0 0 16px;font-size:14px;line-height:1.5;color:#52525b;';
  return [
    '<!doctype html>',
    `<html lang="${e(language)}" dir="${e(dir)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(words.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f5;">',
    `<div dir="${e(dir)}" style="max-width:480px;margin:0 auto;padding:32px 24px;background:#ffffff;` +
      `font-family:${fontStack};font-size:16px;line-height:1.5;color:#18181b;">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${e(words.heading)}</h1>`,
    `<p style="margin:0 0 24px;">${e(words.lead)}</p>`,
    `<p style="margin:0 0 24px;"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;` +
      `border-radius:8px;background:${BRAND};color:#ffffff;font-weight:600;text-decoration:none;">` +
      `${e(words.button)}</a></p>`,
    ...(code ? codeHtml(code) : []),
    `<p style="margin:0 0 24px;">${e(words.next)}</p>`,
    `<p style="${small}">${e(words.linkHelp)}<br>` +
      `<a href="${e(link)}" style="color:${BRAND_DARK};word-break:break-all;">${e(link)}</a></p>`,
    `<p style="${small}">${e(words.notYou)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/**
 * The code large and bold, its digits of one width with room between them (the page's face: a
 * mail loads no font), left to right in every language, one word so that a long press copies it whole.
 */
function codeHtml(code: CodeBlock): string[] {
  const e = escapeHtml;
  return [
    `<p style="margin:0 0 8px;">${e(code.intro)}</p>`,
    `<p dir="ltr" style="margin:0 0 8px;font-size:32px;line-height:1.2;font-weight:700;letter-spacing:6px;` +
      `font-variant-numeric:tabular-nums;color:#18181b;">${e(code.code)}</p>`,
    `<p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#52525b;">${e(code.note)}</p>`,
  ];
}

/** Throws on a link that is not http(s), or a code that is not digits. */
export function verificationMail(input: VerificationMailInput): MailMessage {
  const link = checkedLink(input.link);
  const inviter = inviterShown(input.inviterName, input.text);
  const mailCode = input.mailCode;
  if (mailCode && !/^\d{4,10}$/.test(mailCode.code)) throw new Error('A verification mail takes a code of digits.');
  const code = mailCode && {
    intro: input.text.t('verificationMail.codeIntro'),
    code: mailCode.code,
    note: input.text.t('verificationMail.codeNote', { minutes: String(mailCode.minutes) }),
  };
  return laidOutMail(input.to, link, input.text, 'verificationMail', { inviter }, code);
}

/** Each section of the server's words holds the keys of MailWords. */
export function laidOutMail(
  to: string,
  link: string,
  text: ServerText,
  section: 'verificationMail' | 'finishSignUpMail' | 'accountLockMail' | 'accountDeletedMail',
  values?: Record<string, string>,
  code?: CodeBlock,
): MailMessage {
  const t = (key: keyof MailWords) => text.t(`${section}.${key}`, values);
  const words: MailWords = {
    subject: t('subject'),
    heading: t('heading'),
    lead: t('lead'),
    button: t('button'),
    next: t('next'),
    linkHelp: t('linkHelp'),
    notYou: t('notYou'),
  };
  // The code on a line of its own, as mail apps that offer a code for autofill look for it.
  const codeLines = code ? [`${code.intro}\n\n${code.code}`, code.note] : [];
  const plain = [words.heading, words.lead, link, ...codeLines, words.next, words.notYou].join('\n\n');
  return {
    to,
    message: {
      subject: words.subject,
      text: `${plain}\n`,
      html: htmlPart(words, link, text.language, text.dir, code),
    },
  };
}
