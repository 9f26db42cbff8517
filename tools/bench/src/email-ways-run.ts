/**
 * The e-mail leg by each of its ways, in one arrival context (email-ways.ts): the invitation, "Sign
 * up", "Sign up with email" and the four fields made ready without throttling and not timed, then,
 * from the form's "Sign up" tap, the leg as the person makes it, on the context's network, until the
 * welcome step says the two are friends (src/email-journey-run.ts' `welcomed`):
 * - link: the mail's link opened in another, fresh browser context (a phone's mail app opens the
 *   default browser), then the welcome page's confirm button where it has one;
 * - code: the mail's six digits typed at 4 characters a second on the "check your mail" page, in
 *   the tab that signed up, and its button tapped;
 * - proof: the form's hidden `email-verification-token` field filled before the tap with a token
 *   of the stack's own issuer, as Chrome fills it, and no mail.
 * Every wait has a deadline and fails saying what never came.
 */
import { randomUUID } from 'node:crypto';
import english from '@dayfocus/contracts/locales/en';
import { href, pagePatterns } from '@dayfocus/contracts/page-paths';
import { demoInviter, urls } from '@dayfocus/stack';
import {
  createInviter,
  localEmailIssuer,
  localIssuerToken,
  outboxIds,
  uniqueId,
  verificationMail,
} from '@dayfocus/stack/testing';
import { CHROME_ANDROID, CHROME_WINDOWS, inAppBrowsers } from '@dayfocus/stack/user-agents';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { fillTheForm, sleep, STEP_TIMEOUT_MS, typeSteadily, waitingFor, welcomed } from './email-journey-run.js';
import { ANDROID_PHONE, phonePage, throttlePage } from './slow-phone.js';

const en = english.web;
const KEY_INTERVAL_MS = 250;

export const ways = {
  link: "the mail's link, in another browser",
  code: "the mail's code, typed in the same tab",
  proof: "the browser's proof, no mail",
} as const;
export type Way = keyof typeof ways;

export interface ArrivalContext {
  name: string;
  /** The tab she signs up in. */
  options: BrowserContextOptions;
  /** The browser the mail's link opens in: the phone's or the desktop's default browser. */
  mailBrowser: BrowserContextOptions;
  /** Slow 3G and 6x CPU (slow-phone.ts) from the sign-up tap on, in both browsers. */
  throttled: boolean;
}

const instagram = inAppBrowsers.find((arrival) => arrival.name === 'Instagram on Android')?.userAgent;
if (!instagram) throw new Error('The user agents name no "Instagram on Android"');
const desktop: BrowserContextOptions = {
  userAgent: CHROME_WINDOWS,
  viewport: { width: 1366, height: 768 },
  locale: 'en-US',
};

export const arrivalContexts = (throttlePhones: boolean): ArrivalContext[] => [
  { name: "a phone's browser", options: ANDROID_PHONE, mailBrowser: ANDROID_PHONE, throttled: throttlePhones },
  {
    name: "Instagram's in-app browser",
    options: { ...ANDROID_PHONE, userAgent: instagram },
    mailBrowser: { ...ANDROID_PHONE, userAgent: CHROME_ANDROID },
    throttled: throttlePhones,
  },
  { name: 'a desktop', options: desktop, mailBrowser: desktop, throttled: false },
];

export interface WayRun {
  /** From the form's "Sign up" tap to the welcome step saying the two are friends. */
  ms: number;
  /** From the tap until the mail was in the outbox (the stack's; a person's inbox adds its own delay). */
  mailMs: number | null;
  /** The person's taps from the form's "Sign up" on, and the keys she types. */
  taps: number;
  keys: number;
  browserSwitches: number;
  mailsSent: number;
}

async function openContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  return context;
}

/** A tap where the screen is a touch screen, a click on a desktop. */
const pressIn = (context: ArrivalContext) => (target: Locator) =>
  context.options.hasTouch ? target.tap() : target.click();

/** The invitation to the form with its four fields filled, unthrottled and not timed. */
async function readyForm(page: Page, context: ArrivalContext, inviterId: string, email: string): Promise<void> {
  const password = 'correct-horse-7';
  await page.goto(`${urls.hosting}${href('invitation', { inviterId })}`);
  await waitingFor('the invitation\'s "Sign up"', page, () =>
    page.getByRole('link', { name: en.invitation.signUp, exact: true }).click(),
  );
  const emailWay = page.getByRole('link', { name: en.socialSignUp.email });
  await waitingFor('"Sign up with email"', page, () => emailWay.click());
  const toForm = (timeout: number) =>
    page.waitForURL((url) => url.pathname.startsWith('/sign-up/'), { waitUntil: 'commit', timeout });
  // Not timed, so a lost click is tapped again, saying so: Instagram's context has lost one on a loaded machine.
  if (
    !(await toForm(10_000).then(
      () => true,
      () => false,
    ))
  ) {
    console.log(`"Sign up with email" was clicked and the page stayed at ${page.url()}: clicked again.`);
    await waitingFor('"Sign up with email" again', page, () => emailWay.click());
    await waitingFor('the e-mail form', page, () => toForm(STEP_TIMEOUT_MS));
  }
  await fillTheForm(
    page,
    [
      [en.signUp.username, 'Mira Nair'],
      [en.signUp.email, email],
      [en.signUp.password, password],
      [en.signUp.confirmPassword, password],
    ],
    { throttled: false, keyIntervalMs: 0, press: pressIn(context) },
  );
}

/** What Chrome does where the browser can prove the address: the hidden field filled with a token. */
async function fillProof(page: Page, email: string): Promise<void> {
  const field = page.locator('input[autocomplete="email-verification-token"]').first();
  const nonce = await waitingFor("the form's e-mail proof field and its nonce", page, async () => {
    await field.waitFor({ state: 'attached' });
    // The element's nonce: the attribute reads empty once the element is in a page with a policy.
    return field.evaluate(
      (input: { nonce?: string; getAttribute(name: string): string | null }) =>
        input.nonce || input.getAttribute('nonce') || '',
    );
  });
  if (!nonce) throw new Error("The form's e-mail proof field carries no nonce");
  const token = await localIssuerToken({ address: email, audience: urls.hosting, nonce });
  await field.evaluate((input: { value: string }, value: string) => (input.value = value), token);
}

async function confirmPage(page: Page): Promise<void> {
  await waitingFor('the confirmation page', page, async () => {
    await page.waitForURL((url) => url.pathname === pagePatterns['confirm-email'], { waitUntil: 'commit' });
    await page.getByRole('heading', { name: en.confirmEmail.title }).waitFor();
  });
}

/** One way in one context: a new inviter, a new address of the issuer's domain, fresh browsers. */
export async function runWay(browser: Browser, context: ArrivalContext, way: Way): Promise<WayRun> {
  const inviter = await createInviter({ userId: uniqueId('ways-inviter'), profileImage: demoInviter.profileImage });
  const email = `mira.${randomUUID().slice(0, 8)}@${localEmailIssuer.domain}`;
  const press = pressIn(context);
  const tab = await openContext(browser, context.options);
  const mailBrowser = await openContext(browser, context.mailBrowser); // opened before: the machine's, not hers
  try {
    const page = await tab.newPage();
    await readyForm(page, context, inviter.userId, email);
    if (way === 'proof') await fillProof(page, email);
    if (context.throttled) await throttlePage(page);
    const start = performance.now();
    await waitingFor('the form\'s "Sign up" to take a tap', page, () =>
      press(page.getByRole('button', { name: en.signUp.submit, exact: true })),
    );
    const run: WayRun = { ms: 0, mailMs: null, taps: 1, keys: 0, browserSwitches: 0, mailsSent: 0 };
    if (way === 'proof') {
      await welcomed(page, inviter.name, press);
    } else {
      const mail = await verificationMail(email, { timeoutMs: STEP_TIMEOUT_MS, intervalMs: 50 });
      run.mailMs = performance.now() - start;
      if (way === 'link') {
        await freeze(page); // she has gone to her mail: a phone freezes the tab left behind
        const tapped = await openLink(mailBrowser, context, mail.link, inviter.name);
        run.taps += 1 + (tapped ? 1 : 0);
        run.browserSwitches = 1;
      } else {
        await confirmPage(page);
        await typeCode(page, mail.code, press);
        await welcomed(page, inviter.name, press);
        run.taps += 2;
        run.keys = mail.code.length;
      }
    }
    run.ms = performance.now() - start;
    await sleep(1_000); // a mail sent late still counts
    run.mailsSent = (await outboxIds(email)).length;
    return run;
  } finally {
    await tab.close();
    await mailBrowser.close();
  }
}

async function freeze(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Page.setWebLifecycleState', { state: 'frozen' });
}

/** The mail's link in the other browser, until the welcome step; answers whether a confirm tap was needed. */
async function openLink(mailBrowser: BrowserContext, context: ArrivalContext, link: string, inviterName: string) {
  if (!link.startsWith(`${urls.hosting}/welcome/`))
    throw new Error(`The mail's link leads to ${link}, not a welcome page`);
  const page = await phonePage(mailBrowser, context.throttled);
  await page.goto(link, { waitUntil: 'commit' });
  return (await welcomed(page, inviterName, pressIn(context))) !== null;
}

/** The "check your mail" page's code field tapped, the six digits typed at the pace, its button tapped. */
async function typeCode(page: Page, code: string, press: (target: Locator) => Promise<void>): Promise<void> {
  if (!/^\d{6}$/.test(code)) throw new Error(`The verification mail carries no six-digit code ("${code}")`);
  const field = page.getByLabel(en.confirmEmail.codeLabel, { exact: true });
  await waitingFor('the code field to take a tap', page, () => press(field));
  await typeSteadily(page, code, KEY_INTERVAL_MS);
  const held = (await field.inputValue()).replace(/\D/g, '');
  if (held !== code) throw new Error(`Typed the code ${code}, the field holds "${held}": the page lost typing`);
  await waitingFor("the code's button to take a tap", page, () =>
    press(page.getByRole('button', { name: en.confirmEmail.codeSubmit, exact: true })),
  );
}
