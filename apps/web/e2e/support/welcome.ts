// The welcome page's visitors and invitations, shared by welcome.e2e.ts and welcome-screens.e2e.ts.
import { importVerifiedInvitees, verificationMail, WebClient } from '@dayfocus/stack/testing';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROME_ANDROID, CHROME_WINDOWS, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { textsOf } from './locales';
import { seedInviter, type BrowserSession, type Language } from './app';

export type Visitor = 'android' | 'iphone' | 'desktop';
export const visitors: Record<Visitor, { userAgent: string; viewport: { width: number; height: number } }> = {
  android: { userAgent: CHROME_ANDROID, viewport: { width: 412, height: 915 } },
  iphone: { userAgent: SAFARI_IPHONE, viewport: { width: 390, height: 844 } },
  desktop: { userAgent: CHROME_WINDOWS, viewport: { width: 1280, height: 800 } },
};
export const friendsText = (language: Language, name: string) =>
  textsOf(language).welcome.friends.replace('{{name}}', name);

/** A verified invitee of a new inviter (with a picture), ready to open the welcome link. */
export async function invitation(name = 'Asha Verma') {
  const inviter = await seedInviter({ name });
  const [invitee] = await importVerifiedInvitees([inviter.userId]);
  if (!invitee) throw new Error('no invitee imported');
  return { inviter, invitee, path: `/welcome/${invitee.uid}/${inviter.userId}` };
}

/**
 * A new e-mail invitee of a new inviter with our verification mail sent (signed up as the page
 * does, through the shared web client): the welcome path and the mail's own code.
 */
export async function mailedInvitation(name = 'Asha Verma') {
  const inviter = await seedInviter({ name });
  const client = new WebClient();
  const user = await client.signUpWithEmail();
  await client.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
  await client.call('sendVerificationEmail', { language: 'en' });
  const { oobCode } = await verificationMail(user.email ?? '');
  await client.close();
  return { inviter, path: `/welcome/${user.uid}/${inviter.userId}`, code: oobCode };
}

export async function openAs(browser: BrowserSession, visitor: Visitor): Promise<Page> {
  const page = await browser.newPage({
    userAgent: visitors[visitor].userAgent,
    device: visitor === 'desktop' ? 'desktop' : 'phone',
  });
  await page.setViewportSize(visitors[visitor].viewport);
  return page;
}

/** The news: the greeting that names the friend. */
export function news(page: Page, language: Language = 'en'): Locator {
  return page.getByText(friendsText(language, 'Asha Verma'), { exact: true });
}

/** The short link's code that the Play link's referrer carries, checked to be `invite={code}`. */
export function referrerCode(playHref: string | null | undefined): string {
  const referrer = new URL(playHref ?? '').searchParams.get('referrer') ?? '';
  expect(referrer).toMatch(/^invite=[A-Za-z0-9_-]{8,32}$/);
  return referrer.slice('invite='.length);
}

/** The store actions (badges and the iPhone's copy button) in page order: their store and link. */
export async function storeActions(page: Page) {
  return page.locator('[data-store]').evaluateAll((nodes) =>
    nodes.map((node) => ({
      store: node.getAttribute('data-store'),
      href: node instanceof HTMLAnchorElement ? node.href : null,
      tag: node.tagName.toLowerCase(),
    })),
  );
}

/** Whether `a` comes before `b` in the document. */
export async function comesBefore(a: Locator, b: Locator): Promise<boolean> {
  const other = await b.elementHandle();
  return a.evaluate(
    (node, next) => Boolean(node.compareDocumentPosition(next as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  );
}
