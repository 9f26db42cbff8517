/**
 * What the handoff's stack tests share (sign-in-handoff, handoff-takeover, handoff-lock): a
 * person welcomed through an invitation and signed in on the welcome page, the sign-ins the
 * Firebase JS SDK refuses, the lock's mail and the recovery page's form as her browser posts it.
 */
import { createHash } from 'node:crypto';
import { urls, verificationMail, outboxIds } from '@dayfocus/stack/testing';
import { Browser, createInviter, uniqueId } from './support.js';

/** A code's digest, the id of its record in `_signInHandoffs`. */
export const digestOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A person who signed up with Google through an invitation (Hindi pages), still signed in on the welcome page. */
export async function welcomedInvitee() {
  const inviter = await createInviter({ name: 'Asha Verma' });
  const browser = new Browser();
  const sub = uniqueId('mira');
  const email = `${sub}@example.com`;
  const user = await browser.signInWith('google.com', { sub, name: 'Mira Nair', email });
  await browser.call('completeSocialSignUp', { inviterId: inviter.userId });
  const mint = (platform: 'android' | 'ios' = 'android') =>
    browser.call<{ code: string }>('createSignInHandoff', { platform, language: 'hi' }).then((m) => m.code);
  return { inviter, browser, uid: user.uid, sub, email, mint };
}

/** The refusal of a sign-in, as the Firebase JS SDK names it ('signed-in' when there was none). */
export async function signInRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'signed-in';
}

/** The account and recovery code a recovery link carries (in its fragment; a query in links mailed before). */
export function recoveryFields(link: string): { account: string; code: string } {
  const url = new URL(link);
  const fields = new URLSearchParams(url.hash.slice(1) || url.search);
  return { account: fields.get('account') ?? '', code: fields.get('code') ?? '' };
}

/** The recovery page's form, posted as the owner's browser does. */
export async function postRecovery(link: string, lg = 'hi'): Promise<{ status: number; body: string }> {
  const form = new URLSearchParams({ ...recoveryFields(link), lg });
  const { pathname } = new URL(link);
  const response = await fetch(`${urls.hosting}${pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/** The lock's mail to the owner: its recovery link, and how many mails she has had. */
export async function recoveryMail(email: string) {
  // The outbox's latest mail to the address (the helper waits for one, and fails when none comes).
  const mail = await verificationMail(email);
  const link = /https?:\/\/\S+\/account-recovery[?#]\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`The mail to ${email} has no recovery link: ${mail.text}`);
  return { mail, link, count: (await outboxIds(email)).length };
}
