// Where invite links really open (docs/arrival.md): the in-app browsers of the apps that links
// travel through, told apart by their user agents (and Telegram by the object it injects), and
// the real browsers that must keep Google's popup.
import { urls } from '@dayfocus/stack/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inAppBrowsers, realBrowsers, type Arrival } from '@dayfocus/stack/user-agents';
import { completeProviderRedirect } from '@dayfocus/stack/provider-sign-in';
import { en, hi } from './support/locales';
import {
  authUserByEmail,
  expectJoined,
  pathOf,
  reachWelcome,
  screenshot,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
  type BrowserSession,
} from './support/app';

/** A phone page as the arrival's browser: its user agent, and Telegram's injected object. */
async function arriveIn(
  browser: BrowserSession,
  arrival: Pick<Arrival, 'userAgent' | 'injected'>,
  language?: 'en' | 'hi',
): Promise<Page> {
  const page = await browser.newPage({ device: 'phone', userAgent: arrival.userAgent, language });
  const injected = arrival.injected;
  if (injected) {
    await page.context().addInitScript((name) => {
      (window as unknown as Record<string, unknown>)[name] = { postEvent: () => undefined };
    }, injected);
  }
  await page.context().addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url ?? ''));
      return null;
    };
  });
  return page;
}

const openedWindows = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

/** The in-app browser of this name in the shared list (fails the test if the list has lost it). */
function arrivalNamed(name: string): Arrival {
  const arrival = inAppBrowsers.find((candidate) => candidate.name === name);
  if (!arrival) throw new Error(`no arrival named ${name} in src/testing/user-agents.ts`);
  return arrival;
}

/** The link that opens `path` (with `?lg=` and the escape marker) in the phone's real browser. */
function expectedWayOut(platform: Arrival['phone'], path: string, language: string): string {
  const target = `${urls.hosting}${path}?lg=${language}&browser=external`;
  const { host } = new URL(urls.hosting);
  if (platform === 'android') {
    return (
      `intent://${host}${path}?lg=${language}&browser=external#Intent;scheme=http;` +
      'action=android.intent.action.VIEW;category=android.intent.category.BROWSABLE;' +
      `S.browser_fallback_url=${encodeURIComponent(target)};end`
    );
  }
  return `x-safari-${target}`;
}

/** How many in-app browser notices the page shows (by their title, in either language). */
async function noticeCount(page: Page): Promise<number> {
  const titles = [en.inAppBrowser.title, hi.inAppBrowser.title, 'built-in browser', 'के अंदर के ब्राउज़र'];
  const counts = await Promise.all(titles.map((title) => page.getByText(title).count()));
  return counts.reduce((sum, count) => sum + count, 0);
}

function googleButton(page: Page) {
  return page.getByRole('button', { name: en.socialSignUp.google });
}

describe('Sign-up in in-app browsers', () => {
  const browser = useBrowser();

  for (const arrival of inAppBrowsers) {
    it(`${arrival.name}: no Google sign-in, the way out to the real browser, Apple and email still there`, async () => {
      const inviter = await seedInviter();
      const page = await arriveIn(browser, arrival);
      const path = `/social-sign-up/${inviter.userId}`;
      await page.goto(path);
      await visible(page.getByText(`Join ${inviter.name} on Dayfocus.`));

      const notice = page.getByRole('region', { name: `You are in ${arrival.appName}’s built-in browser` });
      await visible(notice);
      await visible(notice.getByText(en.inAppBrowser.google));
      expect(await notice.getByRole('link', { name: en.inAppBrowser.open }).getAttribute('href')).toBe(
        expectedWayOut(arrival.phone, path, 'en'),
      );
      await visible(notice.getByText(en.inAppBrowser.stepsIfNothing));
      expect(await googleButton(page).count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: en.socialSignUp.apple }).isEnabled()).toBe(true);
      expect(await page.getByRole('link', { name: en.socialSignUp.email }).count()).toBe(1);
      // Nothing left the page by itself: no popup, no move into another browser.
      expect(await openedWindows(page)).toEqual([]);
      expect(pathOf(page)).toBe(path);
      if (arrival.name === 'Instagram on Android') await screenshot(page, 'social-sign-up-in-app', 'en', 'phone');
    });
  }

  for (const control of realBrowsers) {
    it(`${control.name}: Google is offered and no way out is shown`, async () => {
      const inviter = await seedInviter();
      const page = await arriveIn(browser, control);
      await page.goto(`/social-sign-up/${inviter.userId}`);
      await expect.poll(() => googleButton(page).isEnabled()).toBe(true);
      expect(await noticeCount(page)).toBe(0);
    });
  }

  it('the invitation offers the way out once the app has taken the page over, in the Hindi of its link', async () => {
    const inviter = await seedInviter();
    const instagram = arrivalNamed('Instagram on Android');
    const page = await arriveIn(browser, instagram);
    const path = `/feedback/${inviter.userId}/hi`;
    await page.goto(path);
    await takenOver(page);
    const notice = page.getByRole('region', { name: 'आप Instagram के अंदर के ब्राउज़र में हैं' });
    await visible(notice);
    await visible(notice.getByText(hi.inAppBrowser.invitation));
    expect(await notice.getByRole('link', { name: hi.inAppBrowser.open }).getAttribute('href')).toBe(
      expectedWayOut('android', path, 'hi'),
    );
    // The way to sign up with email stays: "Sign up" leads to the method page, in Hindi.
    expect(await page.getByRole('link', { name: hi.invitation.signUp }).getAttribute('href')).toBe(
      `/social-sign-up/${inviter.userId}?lg=hi`,
    );
    expect(pathOf(page)).toBe(path);
    // One primary action on the screen ("Sign up"); the way out is styled as the second it is.
    const primaries = await page
      .locator('.button-primary')
      .evaluateAll((nodes) =>
        nodes.filter((node) => node.getClientRects().length > 0).map((node) => node.textContent?.trim()),
      );
    expect(primaries).toEqual([hi.invitation.signUp]);
    await screenshot(page, 'invitation-in-app', 'hi', 'phone');
  });

  it('the invitation in a real browser shows no way out', async () => {
    const inviter = await seedInviter();
    const page = await arriveIn(browser, realBrowsers[0] ?? { userAgent: '' });
    await page.goto(`/feedback/${inviter.userId}/en`);
    await takenOver(page);
    await visible(page.getByText(inviter.name, { exact: true }));
    expect(await noticeCount(page)).toBe(0);
  });

  it('a page that the way out opened, still in the app, gives only the menu instructions (never a loop)', async () => {
    const inviter = await seedInviter();
    const whatsapp = arrivalNamed('WhatsApp on iPhone');
    const page = await arriveIn(browser, whatsapp);
    await page.goto(`/social-sign-up/${inviter.userId}?lg=en&browser=external`);
    const notice = page.getByRole('region', { name: 'You are in WhatsApp’s built-in browser' });
    await visible(notice.getByText(en.inAppBrowser.steps));
    expect(await notice.getByRole('link').count()).toBe(0);
  });

  it('the method page keeps the language in the way out, and Apple signs up by redirect inside the app', async () => {
    const inviter = await seedInviter();
    const invitee = { email: uniqueEmail('e2e-inapp-apple'), name: 'Insta Friend' };
    const instagram = arrivalNamed('Instagram on iPhone');
    const page = await arriveIn(browser, instagram, 'hi');
    const path = `/social-sign-up/${inviter.userId}`;
    await page.goto(path);
    const notice = page.getByRole('region', { name: 'आप Instagram के अंदर के ब्राउज़र में हैं' });
    expect(await notice.getByRole('link', { name: hi.inAppBrowser.open }).getAttribute('href')).toBe(
      expectedWayOut('ios', path, 'hi'),
    );

    const apple = page.getByRole('button', { name: hi.socialSignUp.apple });
    await expect.poll(() => apple.isEnabled()).toBe(true);
    await apple.click();
    await completeProviderRedirect(page, { email: invitee.email, displayName: invitee.name }, urls.hosting);
    const welcomed = await reachWelcome(page, inviter.userId);
    const account = await authUserByEmail(invitee.email);
    expect(welcomed).toBe(account.uid);
    await expectJoined(inviter, { uid: account.uid, name: invitee.name, email: invitee.email });
    expect(await openedWindows(page)).toEqual([]);
  });
});
