/**
 * Every mail the companion sends, laid out once: the document the Firebase "Trigger Email"
 * extension (firebase/firestore-send-email) reads from its collection (the outbox, written by
 * platform/adapters/outbox.ts), its words from one section of the server's strings, its link
 * checked, its colours the brand's. Pure. A mail of a slice is a builder in that slice's domain
 * that picks its section and values (docs/adding-a-mail.md).
 */
import type english from '@dayfocus/contracts/locales/en';
import { brand } from '@dayfocus/contracts/brand';
import { escapeHtml } from '@dayfocus/contracts/html';
import { fontStack } from '@dayfocus/contracts/fonts';
import type { ServerText } from './server-text.js';

export interface MailMessage {
  to: string;
  message: { subject: string; text: string; html: string };
}

/** A short code the reader may type instead of tapping, as a mail shows it: words above, a note below. */
export interface CodeBlock {
  intro: string;
  code: string;
  note: string;
}

/** The words every mail has, in this order of reading. */
const MAIL_WORDS = ['subject', 'heading', 'lead', 'button', 'next', 'linkHelp', 'notYou'] as const;
type MailWord = (typeof MAIL_WORDS)[number];
type MailWords = Record<MailWord, string>;
type ServerWords = (typeof english)['server'];

/** A section of the server's strings that holds every word of a mail: a new one is a mail's strings. */
export type MailSection = {
  [Section in keyof ServerWords]: ServerWords[Section] extends MailWords ? Section : never;
}[keyof ServerWords];

/**
 * The link, refused unless it is plainly http(s): a `javascript:` or `data:` link must never
 * reach a mail, and white space or control characters could let a mail client read the scheme
 * differently from this check (or break the text part's line).
 */
function checkedLink(link: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(link) || /[\s\u0000-\u001f\u007f]/.test(link) || !URL.canParse(link)) {
    throw new Error('A mail takes only an http: or https: link.');
  }
  return link;
}

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
      `border-radius:8px;background:${brand.colours.brand};color:#ffffff;font-weight:600;text-decoration:none;">` +
      `${e(words.button)}</a></p>`,
    ...(code ? codeHtml(code) : []),
    `<p style="margin:0 0 24px;">${e(words.next)}</p>`,
    `<p style="${small}">${e(words.linkHelp)}<br>` +
      `<a href="${e(link)}" style="color:${brand.colours.brandDark};word-break:break-all;">${e(link)}</a></p>`,
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

/**
 * The mail to `to`: the words of `section` in `text`'s language (formatted with `values`), its
 * button and plain link to `link`, and the code when there is one. Throws on a link that is not
 * http(s).
 */
export function laidOutMail(
  to: string,
  link: string,
  text: ServerText,
  section: MailSection,
  values?: Record<string, string>,
  code?: CodeBlock,
): MailMessage {
  const checked = checkedLink(link);
  const words = Object.fromEntries(MAIL_WORDS.map((word) => [word, text.t(`${section}.${word}`, values)])) as MailWords;
  // The code on a line of its own, as mail apps that offer a code for autofill look for it.
  const codeLines = code ? [`${code.intro}\n\n${code.code}`, code.note] : [];
  const plain = [words.heading, words.lead, checked, ...codeLines, words.next, words.notYou].join('\n\n');
  return {
    to,
    message: {
      subject: words.subject,
      text: `${plain}\n`,
      html: htmlPart(words, checked, text.language, text.dir, code),
    },
  };
}
