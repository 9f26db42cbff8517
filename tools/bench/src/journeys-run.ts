/**
 * The tryout's five journeys, made as a person makes them on her phone (journey-person.ts counts
 * her taps, keys, screens, switches and seconds), each from a new inviter's invitation to the store:
 *
 * - J1: Android Chrome in Hindi; the mail's link, opened by the mail app in another browser.
 * - J2: Android Chrome in Tamil; the mail's code, typed on the check-mail page.
 * - J3: Instagram's browser on Android in English; the sign-up there, the mail's link in Chrome.
 * - J4: iPhone Safari in English; the mail's link opened in Safari again; "Copy invite and get the app".
 * - J5: Android Chrome in Hindi, her own half-made account: "already registered", the finishing
 *   link, a new password in the mail app's browser.
 *
 * The store is a stand-in page (the network is closed); "signed in at the store" is the sign-in
 * code the app would read: Play's referrer on Android, the copied link's fragment on an iPhone.
 */
import { randomUUID } from 'node:crypto';
import type { Translation } from '@dayfocus/contracts/locales/en';
import english from '@dayfocus/contracts/locales/en';
import hindi from '@dayfocus/contracts/locales/hi';
import tamil from '@dayfocus/contracts/locales/ta';
import { href } from '@dayfocus/contracts/page-paths';
import { demoInviter, urls } from '@dayfocus/stack';
import {
  arrivalFromCopy,
  arrivalFromPlayUrl,
  createInviter,
  outboxIds,
  uniqueId,
  verificationMail,
} from '@dayfocus/stack/testing';
import { CHROME_ANDROID, inAppBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import type { BrowserContext, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './email-journey-run.js';
import { Person, until, type Phone, type Tally } from './journey-person.js';

const instagram = inAppBrowsers.find((arrival) => arrival.name === 'Instagram on Android');
if (!instagram) throw new Error('No Instagram on Android among the in-app browsers');

const phones = {
  chromeHi: { userAgent: CHROME_ANDROID, locale: 'hi-IN' },
  chromeTa: { userAgent: CHROME_ANDROID, locale: 'ta-IN' },
  chromeEn: { userAgent: CHROME_ANDROID, locale: 'en-IN' },
  instagram: { userAgent: instagram.userAgent, locale: 'en-IN' },
  iphone: { userAgent: SAFARI_IPHONE, locale: 'en-IN', viewport: { width: 390, height: 844 } },
} satisfies Record<string, Phone>;

interface Invitee {
  name: string;
  email: string;
  password: string;
  inviterId: string;
  inviterName: string;
}

async function invitee(): Promise<Invitee> {
  const inviter = await createInviter({ userId: uniqueId('journey-inviter'), profileImage: demoInviter.profileImage });
  const email = `mira.${randomUUID().slice(0, 8)}@example.com`;
  return {
    name: 'Mira Nair',
    email,
    password: 'correct-horse-7',
    inviterId: inviter.userId,
    inviterName: inviter.name,
  };
}

/** The invitation, "Sign up", "Sign up with email", the four fields, "Sign up": what the page says next. */
async function signUpByMail(person: Person, page: Page, t: Translation, who: Invitee, password = who.password) {
  await page.goto(`${urls.hosting}${href('invitation', { inviterId: who.inviterId })}`, { waitUntil: 'commit' });
  await person.tap(page, page.getByRole('link', { name: t.invitation.signUp, exact: true }), '"Sign up"');
  await person.tap(page, page.getByRole('link', { name: t.socialSignUp.email }), '"Sign up with email"');
  const fields: [string, string][] = [
    [t.signUp.username, who.name],
    [t.signUp.email, who.email],
    [t.signUp.password, password],
    [t.signUp.confirmPassword, password],
  ];
  for (const [label, text] of fields) await person.typeInto(page, page.getByLabel(label, { exact: true }), label, text);
  await person.tap(page, page.getByRole('button', { name: t.signUp.submit, exact: true }), 'the form\'s "Sign up"');
}

async function checkMailPage(page: Page, t: Translation): Promise<void> {
  await page.getByRole('heading', { name: t.confirmEmail.title }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The welcome page says the two are friends (tapping its confirm button where it shows one). */
async function friends(person: Person, page: Page, t: Translation, who: Invitee): Promise<void> {
  const greeting = page.getByText(t.welcome.friends.replace('{{name}}', who.inviterName), { exact: true }).first();
  const confirm = page.locator('#welcome-confirm button[type=submit]').first();
  let confirmed = false;
  await until(page, 'the welcome page to say the two are friends', async () => {
    if (await greeting.isVisible()) return true;
    if (!confirmed && (await confirm.isVisible())) {
      await person.tap(page, confirm, 'the confirm button');
      confirmed = true;
    }
    return false;
  });
}

/** Google Play's badge tapped: whether the store got the sign-in for the app. */
async function toPlay(person: Person, page: Page): Promise<boolean> {
  await page.route('https://play.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Play' }));
  const atPlay = async () => new URL(page.url()).hostname === 'play.google.com';
  await person.tapUntil(page, page.locator('[data-store="google-play"]'), 'Google Play', atPlay);
  return arrivalFromPlayUrl(page.url()).handoff !== null;
}

/** The mail app: she switches to it and taps the newest mail's link, which opens in `browser`. */
async function openMailLink(
  person: Person,
  browser: BrowserContext,
  email: string,
  after: string[] = [],
): Promise<Page> {
  person.switchApp();
  const mail = await verificationMail(email, { timeoutMs: STEP_TIMEOUT_MS, after });
  person.switchApp(); // the link takes her back to a browser
  const page = await person.tab(browser);
  await page.goto(mail.link, { waitUntil: 'commit' });
  return page;
}

async function j1(person: Person): Promise<Tally> {
  const t = hindi.web;
  const who = await invitee();
  const page = await person.tab(await person.browserOf(phones.chromeHi));
  await signUpByMail(person, page, t, who);
  await checkMailPage(page, t);
  const mailTab = await openMailLink(person, await person.browserOf(phones.chromeHi), who.email);
  await friends(person, mailTab, t, who);
  return person.done(await toPlay(person, mailTab));
}

async function j2(person: Person): Promise<Tally> {
  const t = tamil.web;
  const who = await invitee();
  const page = await person.tab(await person.browserOf(phones.chromeTa));
  await signUpByMail(person, page, t, who);
  await checkMailPage(page, t);
  person.switchApp();
  const { code } = await verificationMail(who.email, { timeoutMs: STEP_TIMEOUT_MS });
  person.switchApp();
  await person.typeInto(page, page.getByLabel(t.confirmEmail.codeLabel, { exact: true }), 'the code', code);
  await person.tap(
    page,
    page.getByRole('button', { name: t.confirmEmail.codeSubmit, exact: true }),
    "the code's button",
  );
  await friends(person, page, t, who);
  return person.done(await toPlay(person, page));
}

async function j3(person: Person): Promise<Tally> {
  const t = english.web;
  const who = await invitee();
  const page = await person.tab(await person.browserOf(phones.instagram));
  await signUpByMail(person, page, t, who);
  await checkMailPage(page, t);
  const mailTab = await openMailLink(person, await person.browserOf(phones.chromeEn), who.email);
  await friends(person, mailTab, t, who);
  return person.done(await toPlay(person, mailTab));
}

async function j4(person: Person): Promise<Tally> {
  const t = english.web;
  const who = await invitee();
  const safari = await person.browserOf(phones.iphone);
  await safari.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls.hosting });
  const page = await person.tab(safari);
  await signUpByMail(person, page, t, who);
  await checkMailPage(page, t);
  const mailTab = await openMailLink(person, safari, who.email);
  await friends(person, mailTab, t, who);
  await mailTab.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 200, body: 'App Store' }));
  const copy = mailTab.getByRole('button', { name: t.welcome.copyInvite });
  const atStore = async () => new URL(mailTab.url()).hostname === 'apps.apple.com';
  await person.tapUntil(mailTab, copy, '"Copy invite and get the app"', atStore);
  // What the app reads on its first start: the clipboard, read from a page of the site (not hers).
  const reader = await safari.newPage();
  await reader.goto(urls.hosting);
  const copied = await reader.evaluate(() =>
    (navigator as unknown as { clipboard: { readText(): Promise<string> } }).clipboard.readText().catch(() => ''),
  );
  return person.done(copied !== '' && arrivalFromCopy(copied).handoff !== null);
}

async function j5(person: Person): Promise<Tally> {
  const t = hindi.web;
  const who = await invitee();
  // Before the journey (not counted): she signed up on another day and never opened the mail.
  const before = new Person(person.browser, false);
  const earlier = await before.tab(await before.browserOf(phones.chromeHi));
  await signUpByMail(before, earlier, t, who, 'first-password-1');
  await checkMailPage(earlier, t);
  await before.done(false);
  const mailed = await outboxIds(who.email);

  const page = await person.tab(await person.browserOf(phones.chromeHi));
  await signUpByMail(person, page, t, who);
  await person.tap(
    page,
    page.getByRole('button', { name: t.signUp.finishLinkButton, exact: true }),
    'the finishing link',
  );
  const mailTab = await openMailLink(person, await person.browserOf(phones.chromeHi), who.email, mailed);
  await person.typeInto(mailTab, mailTab.getByLabel(t.signUp.password, { exact: true }), 'password', who.password);
  const again = mailTab.getByLabel(t.signUp.confirmPassword, { exact: true });
  await person.typeInto(mailTab, again, 'confirm password', who.password);
  await person.tap(mailTab, mailTab.getByRole('button', { name: t.signUp.finishSubmit, exact: true }), 'finish');
  await friends(person, mailTab, t, who);
  return person.done(await toPlay(person, mailTab));
}

export const journeys = { J1: j1, J2: j2, J3: j3, J4: j4, J5: j5 } as const;
export type JourneyName = keyof typeof journeys;
