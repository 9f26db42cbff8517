/**
 * What the owner of a locked account reads (account-locks.ts), pure: the mail sent to the address
 * she had proved at the code's mint, and the recovery page its link opens. The page works without
 * any script: its one action is a form the server answers, since a mail scanner fetching the link
 * must change nothing (a GET only shows the form). The mails' layout is platform/domain/mail.ts's.
 */
import { ACCOUNT_RECOVERY_PATH } from '@dayfocus/contracts/sign-in-handoff';
import { escapeHtml } from '@dayfocus/contracts/html';
import { brand } from '@dayfocus/contracts/brand';
import { fontStack } from '@dayfocus/contracts/fonts';
import { laidOutMail, type MailMessage } from '../../platform/domain/mail.js';
import type { ServerText } from '../../platform/domain/server-text.js';

/**
 * The recovery link: the account and its recovery code, on the product's own origin, in the
 * fragment. A fragment never reaches a server, so the code (good for 30 days) stays out of the
 * request logs of Hosting and the function; the page's one-line script puts it into its form.
 */
export function recoveryLink(productDomain: string, uid: string, code: string): string {
  const url = new URL(ACCOUNT_RECOVERY_PATH, productDomain);
  url.hash = new URLSearchParams({ account: uid, code }).toString();
  return url.href;
}

export function accountLockMail(to: string, link: string, text: ServerText): MailMessage {
  return laidOutMail(to, link, text, 'accountLockMail');
}

/** Its link: the product's home page, to get the app. */
export function accountDeletedMail(to: string, home: string, text: ServerText): MailMessage {
  return laidOutMail(to, home, text, 'accountDeletedMail');
}

/**
 * The recovery page's script, whole: it copies the link's fragment into the form's fields. Its
 * digest is the only script the page's Content-Security-Policy allows.
 */
export const RECOVERY_FORM_SCRIPT =
  "var p=new URLSearchParams(location.hash.slice(1)),f=document.forms[0];f.account.value=p.get('account')||'';f.code.value=p.get('code')||'';";

/**
 * What the recovery page shows: the form (its fields from the link's fragment, by the page's
 * script; or from the query of a link mailed before the fragment), or the outcome of its post.
 * `squatted`: an account made on her address was disabled to give it back.
 */
export type RecoveryPageState =
  | { kind: 'form'; fields?: { uid: string; code: string } }
  | { kind: 'wait' | 'refused' | 'failed' | 'support' }
  | { kind: 'done-social'; squatted: boolean }
  | { kind: 'done-password'; resetLink: string; squatted: boolean };

const BUTTON =
  `display:inline-block;padding:12px 24px;border:0;border-radius:8px;background:${brand.colours.brand};color:#ffffff;` +
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
  const squatted = (state.kind === 'done-social' || state.kind === 'done-password') && state.squatted;
  const body = ((): string => {
    switch (state.kind) {
      case 'form':
        return (
          `<p>${e(text.t('accountRecovery.pageLead'))}</p>` +
          `<form method="post" action="${ACCOUNT_RECOVERY_PATH}">` +
          `<input type="hidden" name="account" value="${e(state.fields?.uid ?? '')}">` +
          `<input type="hidden" name="code" value="${e(state.fields?.code ?? '')}">` +
          `<input type="hidden" name="lg" value="${e(text.language)}">` +
          `<button type="submit" style="${BUTTON}">${e(text.t('accountLockMail.button'))}</button></form>` +
          (state.fields
            ? ''
            : `<noscript><p>${e(text.t('accountRecovery.needsScript'))}</p></noscript>` +
              `<script>${RECOVERY_FORM_SCRIPT}</script>`)
        );
      case 'wait':
        return `<p>${e(text.t('accountRecovery.wait'))}</p>`;
      case 'refused':
        return `<p>${e(text.t('accountRecovery.refused'))}</p>`;
      case 'failed':
        return `<p>${e(text.t('accountRecovery.failed'))}</p>`;
      case 'support':
        return `<p>${e(text.t('accountRecovery.support'))}</p>`;
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
    `<p style="margin:0 0 24px;font-weight:700;color:${brand.colours.brand};">${e(brand.productName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${e(heading)}</h1>`,
    squatted ? `<p>${e(text.t('accountRecovery.squatted'))}</p>` : '',
    body,
    '</main></body></html>',
  ].join('\n');
}
