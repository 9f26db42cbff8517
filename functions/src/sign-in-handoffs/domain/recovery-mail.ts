/**
 * What the owner of a locked account reads (account-locks.ts), pure: the mail sent to the address
 * she had proved at the code's mint, and the recovery page its link opens. The page works without
 * any script: its one action is a form the server answers, since a mail scanner fetching the link
 * must change nothing (a GET only shows the form).
 */
import { ACCOUNT_RECOVERY_PATH } from '@dayfocus/contracts/sign-in-handoff';
import { escapeHtml } from '@dayfocus/contracts/html';
import { brand } from '@dayfocus/contracts/brand';
import { fontStack } from '@dayfocus/contracts/fonts';
import { laidOutMail, type MailMessage } from '../../invites/domain/verification-mail.js';
import type { ServerText } from '../../platform/domain/server-text.js';

/** A mail for the Trigger Email extension's outbox. */
export type OutboxMail = MailMessage;

/** The recovery link: the account and its recovery code, on the product's own origin. */
export function recoveryLink(productDomain: string, uid: string, code: string): string {
  const url = new URL(ACCOUNT_RECOVERY_PATH, productDomain);
  url.searchParams.set('account', uid);
  url.searchParams.set('code', code);
  return url.href;
}

export function accountLockMail(to: string, link: string, text: ServerText): OutboxMail {
  return laidOutMail(to, link, text, 'accountLockMail');
}

/** What the recovery page shows: the form, or the outcome of its post. */
export type RecoveryPageState =
  | { kind: 'form'; uid: string; code: string }
  | { kind: 'wait' | 'refused' | 'done-social' }
  | { kind: 'done-password'; resetLink: string };

const BUTTON =
  'display:inline-block;padding:12px 24px;border:0;border-radius:8px;background:#c8124a;color:#ffffff;' +
  'font:inherit;font-weight:600;text-decoration:none;cursor:pointer;';

export function recoveryPage(state: RecoveryPageState, text: ServerText): string {
  const e = escapeHtml;
  const heading = text.t(
    state.kind === 'refused'
      ? 'accountRecovery.refusedHeading'
      : state.kind === 'done-social' || state.kind === 'done-password'
        ? 'accountRecovery.recoveredHeading'
        : 'accountLockMail.heading',
  );
  const body = ((): string => {
    switch (state.kind) {
      case 'form':
        return (
          `<p>${e(text.t('accountRecovery.pageLead'))}</p>` +
          `<form method="post" action="${ACCOUNT_RECOVERY_PATH}">` +
          `<input type="hidden" name="account" value="${e(state.uid)}">` +
          `<input type="hidden" name="code" value="${e(state.code)}">` +
          `<input type="hidden" name="lg" value="${e(text.language)}">` +
          `<button type="submit" style="${BUTTON}">${e(text.t('accountLockMail.button'))}</button></form>`
        );
      case 'wait':
        return `<p>${e(text.t('accountRecovery.wait'))}</p>`;
      case 'refused':
        return `<p>${e(text.t('accountRecovery.refused'))}</p>`;
      case 'done-social':
        return `<p>${e(text.t('accountRecovery.doneSocial'))}</p>`;
      case 'done-password':
        return (
          `<p>${e(text.t('accountRecovery.donePassword'))}</p>` +
          `<p><a href="${e(state.resetLink)}" style="${BUTTON}">${e(text.t('accountRecovery.setPassword'))}</a></p>`
        );
    }
  })();
  return [
    '<!doctype html>',
    `<html lang="${e(text.language)}" dir="${text.dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${e(heading)} · ${e(brand.productName)}</title></head>`,
    `<body style="margin:0;background:#f4f4f5;font-family:${fontStack};` +
      'font-size:16px;line-height:1.5;color:#18181b;">',
    '<main style="max-width:480px;margin:0 auto;padding:32px 24px;background:#ffffff;min-height:100vh;box-sizing:border-box;">',
    `<p style="margin:0 0 24px;font-weight:700;color:#c8124a;">${e(brand.productName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${e(heading)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
}
