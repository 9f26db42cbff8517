// No page redraws itself: every page the server renders is taken over by the app without a
// hydration error (React's #418 and kin, which useBrowser fails any test on), whatever the
// browser's language, the language chosen before, and whether someone is signed in in this
// browser (after an e-mail sign-up, whose session the app keeps). The page ends in the language
// the person should see: the link's, else the one chosen before, else the browser's.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROME_ANDROID as ANDROID } from '@dayfocus/stack/user-agents';
import { en } from './support/locales';
import {
  confirmEmailPath,
  reachPath,
  seedInviter,
  signedInUsers,
  takenOver,
  uniqueEmail,
  useBrowser,
  type Language,
  type SeededInviter,
} from './support/app';

/** Every server-rendered path, with the language its link names (if any). */
function serverPages(inviter: SeededInviter): { path: string; linkLanguage?: Language }[] {
  const id = inviter.userId;
  return [
    { path: `/feedback/${id}/hi`, linkLanguage: 'hi' },
    { path: `/feedback/${id}/en`, linkLanguage: 'en' },
    { path: `/feedback/${id}` },
    { path: '/tasks-Feedback' },
    { path: `/social-sign-up/${id}` },
    { path: `/social-sign-up/${id}?lg=hi`, linkLanguage: 'hi' },
    { path: `/sign-up/${id}` },
    { path: '/confirm-email' },
    { path: '/welcome' },
  ];
}

async function visitEach(page: Page, inviter: SeededInviter, expected: (link?: Language) => Language) {
  for (const { path, linkLanguage } of serverPages(inviter)) {
    await page.goto(path);
    await takenOver(page);
    // The language settles after hydration; by then every part of the page has been hydrated.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang), { message: path })
      .toBe(expected(linkLanguage));
  }
}

async function signUpByEmail(page: Page, inviter: SeededInviter): Promise<void> {
  await page.goto(`/sign-up/${inviter.userId}?lg=en`);
  await takenOver(page);
  await page.getByLabel(en.signUp.username, { exact: true }).fill('Mira Nair');
  await page.getByLabel(en.signUp.email, { exact: true }).fill(uniqueEmail('e2e-hydration'));
  await page.getByLabel(en.signUp.password, { exact: true }).fill('correct-horse');
  await page.getByLabel(en.signUp.confirmPassword, { exact: true }).fill('correct-horse');
  await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
  await reachPath(page, confirmEmailPath);
}

describe('No page redraws itself', () => {
  const browser = useBrowser();

  it.each([
    { locale: 'hi-IN', stored: undefined },
    { locale: 'en-US', stored: 'hi' as const },
    { locale: 'hi-IN', stored: 'en' as const },
  ])(
    'browser $locale, chosen before: $stored; signed out, then signed in after an e-mail sign-up',
    async ({ locale, stored }) => {
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', userAgent: ANDROID, locale, language: stored });
      const browserLanguage: Language = locale.startsWith('hi') ? 'hi' : 'en';
      // A link's language is also remembered (the spec): later pages without one follow it. (The
      // test's own choice is written again before each page: it stays what was chosen.)
      let chosen: Language | undefined = stored;
      const expected = (link?: Language) => {
        if (link && !stored) chosen = link;
        return link ?? chosen ?? browserLanguage;
      };
      await visitEach(page, inviter, expected);

      await signUpByEmail(page, inviter);
      if (!stored) chosen = 'en'; // the form's link named English
      // The tab signs in while the check-mail page already shows.
      await expect.poll(() => signedInUsers(page)).toHaveLength(1);
      await visitEach(page, inviter, expected);
    },
    180_000,
  );
});

// The app that takes a page over comes in a few files (vite.config.ts, takeoverGroups): the
// takeover's entry and its own few, React DOM, the translations, the app, the page's own chunk and
// what it shares with Auth. Cut by Rolldown alone it was 32 files on the invitation, two dozen of
// them under 1 kB, each a request and a turn of the module loader on a phone.
describe('The takeover in a few files', () => {
  const browser = useBrowser();

  it('asks for at most 16 of its scripts on the invitation, 20 on the method page, each once', async () => {
    const inviter = await seedInviter();
    for (const [path, most] of [
      [`/feedback/${inviter.userId}/en`, 16],
      [`/social-sign-up/${inviter.userId}`, 20],
    ] as const) {
      // A page of its own for each: a page that has taken over may fetch the next page's module.
      const page = await browser.newPage({ device: 'phone', userAgent: ANDROID });
      const scripts: string[] = [];
      page.on('request', (request) => {
        // The app's own (Auth asks for Google's api.js, the stand-in's here, as it pleases).
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.push(pathname);
      });
      await page.goto(path);
      await takenOver(page);
      const names = scripts.map((file) => file.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''));
      expect(new Set(scripts).size, `${path}: ${names.join(', ')}`).toBe(scripts.length);
      expect(names, path).toEqual(expect.arrayContaining(['takeover', 'client', 'i18n', 'main']));
      expect(scripts.length, `${path}: ${names.join(', ')}`).toBeLessThanOrEqual(most);
    }
  }, 60_000);
});
