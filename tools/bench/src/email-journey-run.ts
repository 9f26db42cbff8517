/**
 * One e-mail journey, as a person makes it on a phone (email-journey.ts): the invitation's "Sign
 * up", "Sign up with email", the four fields typed at a steady pace, the form sent, then the
 * e-mail's link opened in another browser, until the welcome page says the two are friends and a
 * store badge is a real link. Each step starts the moment the one before is done: a person taps
 * a link as soon as it is painted and types into a field as soon as it takes typing, without
 * waiting for the app.
 *
 * Every wait has a deadline and fails saying what never came and where the page was.
 */
import { randomUUID } from 'node:crypto';
import english from '@dayfocus/contracts/locales/en';
import { href, pagePatterns } from '@dayfocus/contracts/page-paths';
import { demoInviter, urls } from '@dayfocus/stack';
import { createInviter, uniqueId, verificationEmail } from '@dayfocus/stack/testing';
import { errors, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { phoneContext, phonePage, type PhoneSite } from './slow-phone.js';

const en = english.web;

/** The longest a step may take: several times the slowest step on slow 3G (docs/benchmarks.md). */
export const STEP_TIMEOUT_MS = 120_000;

/** The steps, in the order a person makes them, with the words the report uses. */
export const journeySteps = {
  invitation: 'open the invitation: "Sign up" tapped',
  method: 'the method page: "Sign up with email" tapped',
  form: 'the form: the first field takes typing',
  typing: 'type the four fields, each as soon as it takes typing',
  submit: 'tap "Sign up": the confirmation page',
  mail: "the e-mail's code in the Auth emulator",
  confirm: "open the e-mail's link: the confirm button tapped (where there is one)",
  welcome: 'the welcome page: the friendship said, a store badge a real link',
} as const;
export type StepName = keyof typeof journeySteps;

export interface JourneyRun {
  /** Each step's time in ms; null for the confirm button when the page had none. */
  steps: Record<StepName, number | null>;
  characters: number;
  /** The person's own typing: every character at the pace, `characters` x the key interval. */
  typingMs: number;
  totalMs: number;
  /** What the person waited beyond their own typing: the total less the typing. */
  waitedMs: number;
}

export interface JourneyOptions {
  /** Slow 3G and 6x CPU (slow-phone.ts), or the machine as it is (the warm-up). */
  throttled: boolean;
  /** The time from one key to the next: 250 ms is 4 characters a second. */
  keyIntervalMs: number;
  /** How a field or button is pressed: a tap (the default), or a click on a desktop. */
  press?: (target: Locator) => Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Steps' times: each lap is the time since the one before; `skip` leaves out what is not the person's. */
export function stopwatch() {
  let last = performance.now();
  return {
    lap(): number {
      const now = performance.now();
      const ms = now - last;
      last = now;
      return ms;
    },
    skip(): void {
      last = performance.now();
    },
  };
}

/** Runs `action`; a Playwright timeout becomes a message that says what never came and where. */
export async function waitingFor<T>(what: string, page: Page, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    throw new Error(
      `The e-mail journey waited ${STEP_TIMEOUT_MS / 1000} s for ${what}, which never came (the page at ${page.url()})`,
      { cause: error },
    );
  }
}

/** Taps the field until it has the focus and can be typed into (a disabled field waits). */
export async function tapToType(
  page: Page,
  field: Locator,
  name: string,
  press: (target: Locator) => Promise<void> = (target) => target.tap(),
): Promise<void> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  await waitingFor(`the field "${name}" to take typing`, page, async () => {
    for (;;) {
      await press(field);
      const focused = await field.evaluate(
        (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
      );
      if (focused && (await field.isEditable())) return;
      if (performance.now() > deadline) throw new errors.TimeoutError(`"${name}" never took the focus`);
      await sleep(50);
    }
  });
}

/**
 * Types `text` at a steady pace: the n-th key is sent `n` key intervals after the first, or as
 * soon as the page has taken the key before it (a busy page holds the keys back, as it holds a
 * person's). Ends one interval after the last key, when the person would tap the next field.
 */
export async function typeSteadily(page: Page, text: string, keyIntervalMs: number): Promise<void> {
  const start = performance.now();
  let sent = 0;
  for (const character of text) {
    const wait = start + sent * keyIntervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    await page.keyboard.type(character);
    sent += 1;
  }
  const rest = start + sent * keyIntervalMs - performance.now();
  if (rest > 0) await sleep(rest);
}

/** The form's four fields, filled as a person does, each checked for every character typed. */
export async function fillTheForm(page: Page, fields: [label: string, text: string][], options: JourneyOptions) {
  for (const [label, text] of fields) {
    const field = page.getByLabel(label, { exact: true });
    await tapToType(page, field, label, options.press);
    await typeSteadily(page, text, options.keyIntervalMs);
    const held = await field.inputValue();
    if (held !== text)
      throw new Error(
        `The e-mail journey typed "${text}" into "${label}", which holds "${held}": the page lost typing`,
      );
  }
}

/** The link our verification e-mail carries: the welcome page its code was made for, with the code. */
async function mailLink(email: string, site: PhoneSite): Promise<string> {
  const { oobCode, continueUrl } = await verificationEmail(email, { timeoutMs: STEP_TIMEOUT_MS });
  const link = continueUrl ? new URL(continueUrl) : null;
  if (!link || link.origin !== urls.hosting || !link.pathname.startsWith('/welcome/'))
    throw new Error(`The verification e-mail's code continues to ${continueUrl}, not to a welcome page of the site`);
  link.searchParams.set('mode', 'verifyEmail');
  link.searchParams.set('oobCode', oobCode);
  return site.toSite(link.href);
}

/**
 * Waits until the welcome page names the friendship and shows a store badge that is a real link,
 * tapping the page's confirm button first where the page shows one (`press`: a click on a
 * desktop). Answers when it was tapped.
 */
export async function welcomed(
  page: Page,
  inviterName: string,
  press: (target: Locator) => Promise<void> = (target) => target.tap(),
): Promise<number | null> {
  const greeting = page.getByText(en.welcome.friends.replace('{{name}}', inviterName), { exact: true }).first();
  const storeLink = page.locator('a.store-badge[href]:not([href^="#"]):not([href^="javascript:"])').first();
  const confirm = page.locator('#welcome-confirm button[type=submit]').first();
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  let tappedAt: number | null = null;
  for (;;) {
    if ((await greeting.isVisible()) && (await storeLink.isVisible())) return tappedAt;
    if (tappedAt === null && (await confirm.isVisible())) {
      await waitingFor('the confirm button to take a tap', page, () => press(confirm));
      tappedAt = performance.now();
      continue;
    }
    if (performance.now() > deadline)
      throw new Error(
        `The e-mail journey waited ${STEP_TIMEOUT_MS / 1000} s for the welcome page to say "${inviterName}" and the two are ` +
          `friends with a store badge that is a link, which never came (the page at ${page.url()})`,
      );
    await sleep(50);
  }
}

async function newPhonePage(browser: Browser, options: JourneyOptions): Promise<[BrowserContext, Page]> {
  const context = await phoneContext(browser);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  return [context, await phonePage(context, options.throttled)];
}

/** One journey, a new inviter and a new address, each browser on its first visit. */
export async function runJourney(browser: Browser, site: PhoneSite, options: JourneyOptions): Promise<JourneyRun> {
  const inviter = await createInviter({ userId: uniqueId('journey-inviter'), profileImage: demoInviter.profileImage });
  const email = `mira.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-7';
  const fields: [string, string][] = [
    [en.signUp.username, 'Mira Nair'],
    [en.signUp.email, email],
    [en.signUp.password, password],
    [en.signUp.confirmPassword, password],
  ];
  const [context, page] = await newPhonePage(browser, options);
  const [mailContext, mailPage] = await newPhonePage(browser, options); // the browser the mail app opens
  try {
    const steps = {} as Record<StepName, number | null>;
    const watch = stopwatch();
    await page.goto(`${site.origin}${href('invitation', { inviterId: inviter.userId })}`, { waitUntil: 'commit' });
    await waitingFor('the invitation\'s "Sign up"', page, () =>
      page.getByRole('link', { name: en.invitation.signUp, exact: true }).tap(),
    );
    steps.invitation = watch.lap();
    await waitingFor('"Sign up with email"', page, () => page.getByRole('link', { name: en.socialSignUp.email }).tap());
    steps.method = watch.lap();
    const [first, ...rest] = fields;
    if (!first) throw new Error('The form has no field');
    await tapToType(page, page.getByLabel(first[0], { exact: true }), first[0]);
    steps.form = watch.lap();
    await typeSteadily(page, first[1], options.keyIntervalMs);
    await fillTheForm(page, rest, options);
    steps.typing = watch.lap();
    await waitingFor('the form\'s "Sign up" to take a tap', page, () =>
      page.getByRole('button', { name: en.signUp.submit, exact: true }).tap(),
    );
    await waitingFor('the confirmation page', page, async () => {
      await page.waitForURL((url) => url.pathname === pagePatterns['confirm-email'], { waitUntil: 'commit' });
      await page.getByRole('heading', { name: en.confirmEmail.title }).waitFor();
    });
    steps.submit = watch.lap();
    const link = await mailLink(email, site);
    steps.mail = watch.lap();
    // The person has gone to their mail: the tab left behind is in the background (a phone
    // freezes it), and closing it is not the person's time.
    await context.close();
    watch.skip();
    await mailPage.goto(link, { waitUntil: 'commit' });
    const tappedAt = await welcomed(mailPage, inviter.name);
    const end = performance.now();
    const opened = watch.lap();
    steps.confirm = tappedAt === null ? null : opened - (end - tappedAt);
    steps.welcome = tappedAt === null ? opened : end - tappedAt;
    const characters = fields.reduce((n, [, text]) => n + [...text].length, 0);
    const totalMs = Object.values(steps).reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
    const typingMs = characters * options.keyIntervalMs;
    return { steps, characters, typingMs, totalMs, waitedMs: totalMs - typingMs };
  } finally {
    await context.close();
    await mailContext.close();
  }
}
