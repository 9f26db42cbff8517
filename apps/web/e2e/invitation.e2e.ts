// The invitation page and its neighbours: unknown inviters, Hindi and the language choice,
// and "I already have an account" (the inviter's short link).
import { describe, expect, it } from 'vitest';
import { en, hi } from './support/locales';
import { pathOf, reachPath, seedInviter, takenOver, urls, useBrowser, visible, chooseLanguage } from './support/app';

describe('The invitation in the browser', () => {
  const browser = useBrowser();

  it('the app registers the push-messaging service worker when it starts', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage({ serviceWorkers: true });
    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
    expect(worker).toBe(`${urls.hosting}/firebase-messaging-sw.js`);
  });

  it('an invitation from an unknown inviter says "Invalid URL" with status 404 and disables both buttons, on /feedback/{id}/{lg} and /tasks-Feedback', async () => {
    const page = await browser.newPage();
    for (const path of ['/feedback/nobody-xyz/en', '/tasks-Feedback']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await visible(page.getByRole('alert').getByText(en.invitation.invalidUrl, { exact: true }));
      expect(await page.getByRole('button', { name: en.invitation.signUp, exact: true }).isDisabled(), path).toBe(true);
      expect(await page.getByRole('button', { name: en.invitation.haveAccount }).isDisabled(), path).toBe(true);
    }
  });

  it('the social sign-up page of an unknown inviter says "Invalid URL" and disables every way to sign up', async () => {
    const page = await browser.newPage();
    await page.goto('/social-sign-up/nobody');
    await visible(page.getByRole('alert').getByText(en.invitation.invalidUrl, { exact: true }));
    for (const name of [
      en.socialSignUp.apple,
      en.socialSignUp.google,
      en.socialSignUp.email,
      en.invitation.haveAccount,
    ]) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
    }
  });

  it('a Hindi invitation link shows Hindi, a visit without the language keeps it, and the English link switches back at once', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    const lang = () => page.evaluate(() => document.documentElement.lang);

    await page.goto(`/feedback/${inviter.userId}/hi`);
    await visible(page.getByRole('heading', { name: hi.invitation.title }));
    await visible(page.getByText(hi.invitation.needsHelp.replace('{{name}}', inviter.name)));
    expect(await lang()).toBe('hi');
    expect(await page.title()).toBe(`${hi.invitation.title} · Dayfocus`);
    await visible(page.getByRole('link', { name: hi.invitation.signUp, exact: true }));
    await visible(page.getByRole('link', { name: hi.invitation.haveAccount }));
    await takenOver(page);

    // The server answers a link without a language in English; the app brings the chosen one back.
    await page.goto(`/feedback/${inviter.userId}`);
    await visible(page.getByRole('heading', { name: hi.invitation.title }));
    expect(await lang()).toBe('hi');
    expect(await page.title()).toBe(`${hi.invitation.title} · Dayfocus`);

    const marker = await page.evaluate(() => ((window as unknown as { stay: number }).stay = Math.random()));
    await chooseLanguage(page, 'English');
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await visible(page.getByRole('link', { name: en.invitation.signUp, exact: true }));
    await visible(page.getByText(en.invitation.needsHelp.replace('{{name}}', inviter.name)));
    expect(await lang()).toBe('en');
    expect(await page.title()).toBe(`${en.invitation.title} · Dayfocus`);
    expect(pathOf(page)).toBe(`/feedback/${inviter.userId}/en`);
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay), 'no reload').toBe(marker);

    await page.reload();
    await visible(page.getByRole('heading', { name: en.invitation.title }));
  });

  it('"I already have an account" goes through /app-link/{inviter} to the inviter\'s short link /l/{code}, which shows a desktop browser the inviter and the way back to her invitation', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByText(inviter.name, { exact: true }));

    const shortLinkRequest = page.waitForRequest((request) =>
      /^\/l\/[A-Za-z0-9_-]+$/.test(new URL(request.url()).pathname),
    );
    await page.getByRole('link', { name: en.invitation.haveAccount }).click();
    const request = await shortLinkRequest;
    expect(new URL(request.url()).origin).toBe(urls.hosting);
    const response = await request.response();
    expect(response?.status()).toBe(200);
    const redirectedFrom = request.redirectedFrom();
    expect(redirectedFrom && new URL(redirectedFrom.url()).pathname).toBe(`/app-link/${inviter.userId}`);

    await visible(page.getByRole('heading', { name: en.shortLink.title.replace('{{name}}', inviter.name) }));
    await page.getByRole('link', { name: en.shortLink.web }).click();
    // Marked as her link's way in, with the link's code, whose door admits (docs/inviter-view.md).
    const code = new URL(request.url()).pathname.split('/')[2];
    await reachPath(page, `/feedback/${inviter.userId}/en?via=link&link=${code}`);
  });
});
