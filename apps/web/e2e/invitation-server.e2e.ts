// The server-rendered invitation and sign-up pages: they work with JavaScript off (the e-mail
// form says it waits for the app), and with it on the app takes the page over invisibly (no console error, no layout shift, no second request for the
// inviter or the configuration, no loader).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importVerifiedInvitees, verificationMail } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { layoutShifts, servedInTwoParts, watchLayoutShifts } from '@dayfocus/stack/layout-shifts';
import { en, hi } from './support/locales';
import {
  signUpByEmail,
  pathOf,
  reachPath,
  seedInviter,
  takenOver,
  uniqueEmail,
  useBrowser,
  urls,
  visible,
  chooseLanguage,
} from './support/app';

/** Records, from the first byte of every document, what the takeover must not do. */
async function watchTakeover(page: Page) {
  const consoleErrors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
  });
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  // What moved, named, so that a failure says which element and by how much.
  await watchLayoutShifts(page);
  await page.addInitScript(() => {
    const seen = { loaders: 0 };
    (window as unknown as { loaderWatch: typeof seen }).loaderWatch = seen;
    new MutationObserver(() => {
      if (document.querySelector('.loader, .skeleton')) seen.loaders += 1;
    }).observe(document, { subtree: true, childList: true });
  });
  return {
    consoleErrors,
    requests,
    watched: async () => {
      const { total, moved } = await layoutShifts(page);
      const loaders = await page.evaluate(
        () => (window as unknown as { loaderWatch: { loaders: number } }).loaderWatch.loaders,
      );
      return { shifts: total, moved, loaders };
    },
  };
}

/** No console error, no layout shift, no loader, and no request for the inviter or the configuration. */
async function expectInvisibleTakeover(watch: Awaited<ReturnType<typeof watchTakeover>>): Promise<void> {
  expect(watch.consoleErrors, 'console errors and warnings').toEqual([]);
  const watched = await watch.watched();
  expect(watched.moved, 'what shifted').toEqual([]);
  expect(watched.shifts, 'cumulative layout shift').toBe(0);
  expect(watched.loaders, 'a loader or skeleton appeared').toBe(0);
  const paths = watch.requests.map((request) => request.split(' ')[1] ?? '');
  expect(paths.filter((path) => path.startsWith('/api/') || path === '/config.json')).toEqual([]);
}

describe('The server-rendered invitation', () => {
  const browser = useBrowser();

  it('with JavaScript off: shows the inviter, and "Sign up", the language links and "I already have an account" all work as links', async () => {
    const inviter = await seedInviter({ name: 'Meera Nair' });
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`/feedback/${inviter.userId}/en`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await visible(page.getByText(en.invitation.needsHelp.replace('{{name}}', 'Meera Nair')));
    expect(
      await page.getByRole('img', { name: en.invitation.pictureAlt.replace('{{name}}', 'Meera Nair') }).count(),
    ).toBe(1);

    await chooseLanguage(page, 'हिन्दी');
    await reachPath(page, `/feedback/${inviter.userId}/hi`);
    await visible(page.getByRole('heading', { name: hi.invitation.title }));
    await visible(page.getByText(hi.invitation.needsHelp.replace('{{name}}', 'Meera Nair')));

    // The sign-up pages are the server's too, in the link's language.
    await page.getByRole('link', { name: hi.invitation.signUp, exact: true }).click();
    await reachPath(page, `/social-sign-up/${inviter.userId}?lg=hi`);
    await visible(page.getByRole('heading', { name: hi.socialSignUp.title }));
    await visible(page.getByText(hi.socialSignUp.intro.replace('{{name}}', 'Meera Nair')));
    await page.getByRole('link', { name: hi.socialSignUp.email }).click();
    await reachPath(page, `/sign-up/${inviter.userId}?lg=hi`);
    await visible(page.getByRole('heading', { name: hi.signUp.title }));
    // Without scripts the form cannot sign up (it runs in the browser): it says so, in the page's
    // language; its fields take typing all the same (early-form.e2e.ts: a submit posts, never a GET).
    await visible(page.getByText(hi.signUp.needsJavaScript, { exact: true }));
    expect(await page.getByLabel(hi.signUp.email, { exact: true }).isEditable()).toBe(true);

    await page.goto(`/feedback/${inviter.userId}/en`);
    await page.getByRole('link', { name: en.invitation.haveAccount }).click();
    // /app-link/{inviter} → /l/{code}: on a desktop, the short link's own page, naming the inviter,
    // with its QR code for the phone (docs/short-links.md).
    await reachPath(page, /^\/l\/[A-Za-z0-9_-]+$/);
    await visible(page.getByRole('heading', { name: en.shortLink.title.replace('{{name}}', 'Meera Nair') }));
  });

  it('with JavaScript off, an unknown inviter gets "Invalid URL" and no way on', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/feedback/nobody-at-all/hi');
    expect(response?.status()).toBe(404);
    await visible(page.getByText(hi.invitation.invalidUrl, { exact: true }));
    expect(await page.getByRole('button', { name: hi.invitation.signUp, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: hi.invitation.haveAccount }).count()).toBe(0);
  });

  for (const language of ['en', 'hi'] as const) {
    it(`in ${language === 'en' ? 'English' : 'Hindi'}: the app takes the page over with no console error, no layout shift, no loader and no request for the inviter or the configuration, and then navigates in place`, async () => {
      const t = language === 'en' ? en : hi;
      const inviter = await seedInviter();
      const page = await browser.newPage({ device: 'phone', serviceWorkers: true });
      const watch = await watchTakeover(page);
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      await visible(page.getByText(t.invitation.needsHelp.replace('{{name}}', inviter.name)));
      await takenOver(page);
      // Let React finish (the page's chunk loads after hydration starts), then look.
      await page.waitForFunction(() => document.querySelector('h1') !== null && document.readyState === 'complete');
      await page.waitForTimeout(500);

      await expectInvisibleTakeover(watch);
      // The page once, and the view beacon of the inviter's funnel once.
      const invitation = `/feedback/${inviter.userId}/${language}`;
      expect(watch.requests.filter((request) => request.endsWith(` ${invitation}`))).toEqual([
        `GET ${invitation}`,
        `POST ${invitation}`,
      ]);

      // The app is in charge: "Sign up" moves without a new document.
      const marker = await page.evaluate(() => ((window as unknown as { stay: number }).stay = Math.random()));
      await page.getByRole('link', { name: t.invitation.signUp, exact: true }).click();
      const methodPage = `/social-sign-up/${inviter.userId}${language === 'hi' ? '?lg=hi' : ''}`;
      await reachPath(page, methodPage);
      await visible(page.getByRole('heading', { name: t.socialSignUp.title }));
      expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(marker);
      expect(pathOf(page)).toBe(methodPage);
      expect(watch.consoleErrors).toEqual([]);
    });
  }
  it('sends the view beacon of a prerendered invitation only once the person is shown it', async () => {
    const inviter = await seedInviter();
    const invitation = `/feedback/${inviter.userId}/en`;
    const page = await browser.newPage({ device: 'phone' });
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === invitation) beacons.push(request.url());
    });
    // Chromium's prerender as the page sees it: `document.prerendering` until it is shown, then the
    // `prerenderingchange` event (a speculation rule cannot be made to fire on demand here).
    await page.addInitScript(() => {
      let prerendering = true;
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering });
      (window as unknown as { showPage: () => void }).showPage = () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      };
    });
    await page.goto(invitation);
    await takenOver(page);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(500);
    expect(beacons).toEqual([]);

    const beacon = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === invitation,
      { timeout: 10_000 },
    );
    await page.evaluate(() => (window as unknown as { showPage: () => void }).showPage());
    await beacon;
    await page.waitForTimeout(300);
    expect(beacons).toHaveLength(1);
  });
});

describe('The server-rendered sign-up pages', () => {
  const browser = useBrowser();

  for (const language of ['en', 'hi'] as const) {
    for (const which of ['method', 'form'] as const) {
      const name = which === 'method' ? 'method page' : 'e-mail form';
      it(`the ${name} in ${language === 'en' ? 'English' : 'Hindi'}: shows before the app, which takes it over with no console error, no layout shift, no loader and no request for the inviter or the configuration`, async () => {
        const t = language === 'en' ? en : hi;
        const inviter = await seedInviter();
        const page = await browser.newPage({ device: 'phone', serviceWorkers: true });
        const watch = await watchTakeover(page);
        const path = `/${which === 'method' ? 'social-sign-up' : 'sign-up'}/${inviter.userId}`;
        const response = await page.goto(`${path}${language === 'hi' ? '?lg=hi' : ''}`);
        expect(response?.status()).toBe(200);
        // The server's HTML is the page: heading and inviter before any script ran.
        const html = (await response?.text()) ?? '';
        const heading = which === 'method' ? t.socialSignUp.title : t.signUp.title;
        expect(html).toContain(`>${heading}</h1>`);
        if (which === 'method') expect(html).toContain(t.socialSignUp.intro.replace('{{name}}', inviter.name));
        await takenOver(page);
        await page.waitForFunction(() => document.readyState === 'complete');
        const ready =
          which === 'method'
            ? page.getByRole('button', { name: t.socialSignUp.apple })
            : page.getByRole('button', { name: t.signUp.submit, exact: true });
        await expect.poll(() => ready.isEnabled()).toBe(true);
        await page.waitForTimeout(500);

        // The e-mail form asks for one thing once taken over, on purpose: the nonce of the browser's
        // proof of the address (features/sign-up/email-proof/hooks/use-email-proof.ts); nothing of the inviter or config.
        const nonce = (request: string) => request.endsWith(' /api/issueEmailProofNonce');
        await expectInvisibleTakeover({ ...watch, requests: watch.requests.filter((r) => !nonce(r)) });
        expect(watch.requests.filter(nonce).length).toBeLessThanOrEqual(which === 'form' ? 1 : 0);
        expect(watch.requests.filter((request) => request.endsWith(` ${path}`))).toEqual([`GET ${path}`]);
      });
    }
  }
});

describe('The server-rendered welcome page', () => {
  const browser = useBrowser();

  for (const language of ['en', 'hi'] as const) {
    it(`in ${language === 'en' ? 'English' : 'Hindi'}, on an Android phone: shows the page and Google Play alone before the app, which activates with no console error and nothing moving`, async () => {
      const t = language === 'en' ? en : hi;
      const inviter = await seedInviter({ name: 'Asha Verma' });
      const [invitee] = await importVerifiedInvitees([inviter.userId]);
      const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, serviceWorkers: true });
      const watch = await watchTakeover(page);
      const path = `/welcome/${invitee?.uid}/${inviter.userId}`;
      const response = await page.goto(`${path}?lg=${language}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      // Before any script: the page, the greeting's place saying what is going on, Google Play first.
      const html = (await response?.text()) ?? '';
      expect(html).toContain(`>${t.welcome.title}</h1>`);
      expect(html).toContain(t.welcome.activating);
      expect(html).toContain('Google Play');
      expect(html).not.toContain('App Store'); // one store on a phone, its own: the other's badge only distracts
      await takenOver(page);
      await visible(page.getByText(t.welcome.friends.replace('{{name}}', 'Asha Verma'), { exact: true }));
      await visible(page.getByRole('link', { name: t.welcome.openApp }));
      await page.waitForTimeout(500);

      await expectInvisibleTakeover({ ...watch, requests: watch.requests.filter((r) => !r.includes('/api/activate')) });
      expect(watch.requests.filter((request) => request.endsWith(` ${path}`))).toEqual([`GET ${path}`]);
      expect(watch.requests.filter((request) => request.includes('/api/activateAccount'))).toHaveLength(1);
    });
  }
});

describe('The server-rendered front door', () => {
  const browser = useBrowser();

  it("a phone set to Hindi gets the server's page in Hindi with Google Play alone, which the app takes over with nothing moving", async () => {
    const page = await browser.newPage({
      device: 'phone',
      userAgent: CHROME_ANDROID,
      locale: 'hi-IN',
      serviceWorkers: true,
    });
    const watch = await watchTakeover(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // Before any script: the heading (the page's largest text) and the phone's own store.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`>${hi.home.title}</h1>`);
    expect(html).toContain('Google Play');
    expect(html).not.toContain('App Store');
    expect(response?.headers()['vary'] ?? '').toMatch(/User-Agent/i);
    expect(response?.headers()['vary'] ?? '').toMatch(/Accept-Language/i);
    await takenOver(page);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(500);
    expect(watch.consoleErrors, 'console errors and warnings').toEqual([]);
    const watched = await watch.watched();
    expect(watched.moved, 'what shifted').toEqual([]);
    expect(watched.shifts, 'cumulative layout shift').toBe(0);
  });
});

describe('The server-rendered confirmation page', () => {
  const browser = useBrowser();

  it("a reload gets the server's page, which the app completes from the history entry (the address), with no console error", async () => {
    const inviter = await seedInviter();
    const email = uniqueEmail('e2e-confirm-reload');
    const page = await browser.newPage({ device: 'phone', serviceWorkers: true });
    await signUpByEmail(page, inviter.userId, { name: 'Mira Nair', email, password: 'correct-horse' });
    await visible(page.getByText(email));

    const watch = await watchTakeover(page);
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`>${en.confirmEmail.title}</h1>`);
    expect(html).not.toContain(email); // the address is the browser's, not the server's
    await takenOver(page);
    await visible(page.getByText(email));
    await visible(page.getByRole('button', { name: en.confirmEmail.resend }));
    expect(watch.consoleErrors, 'console errors and warnings').toEqual([]);
  });
});

describe('The top bar while the HTML arrives', () => {
  const browser = useBrowser();

  // A phone draws what has arrived of a page: on a slow network, or a busy phone, the HTML may
  // stop just inside the language menu. A <details> whose <summary> has not arrived yet draws the
  // browser's own "Details" line, and a summary whose name has not arrived yet is a bare arrow
  // (28 px where the whole is 84: seen in a fresh clone's npm test): either then grows into the
  // menu, a jump in the top bar. Here the server's page is sent in two parts, cut just after the
  // menu's opening tag, or just after its summary's.
  for (const [where, tag] of [
    ['its opening tag', /<details class="language-menu"[^>]*>/],
    ["its summary's opening tag", /<details class="language-menu"[^>]*><summary[^>]*>/],
  ] as const) {
    it(`gives the language menu no room until its summary has arrived whole, then its full size (cut after ${where})`, async () => {
      const inviter = await seedInviter({ name: 'Meera Nair' });
      const path = `/feedback/${inviter.userId}/hi`;
      const html = await (await fetch(`${urls.hosting}${path}`)).text();
      const opening = tag.exec(html);
      expect(opening, 'the page has a language menu').not.toBeNull();
      const cut = (opening?.index ?? 0) + (opening?.[0].length ?? 0);
      const served = await servedInTwoParts(path, html, { cut });
      try {
        // Without scripts: the server's page alone, as the phone draws it before the app is in.
        const page = await browser.newPage({ device: 'phone', javaScriptEnabled: false });
        const loaded = page.goto(served.url);
        loaded.catch(() => undefined); // awaited below; a failure before that ends the test anyway
        const menu = page.locator('details.language-menu');
        await menu.waitFor({ state: 'attached' });
        expect(await menu.boundingBox(), 'the menu, its summary not arrived whole').toBeNull();
        served.sendRest();
        await loaded;
        const box = await menu.boundingBox();
        expect(box?.height, 'the menu, whole').toBeGreaterThanOrEqual(44);
      } finally {
        await served.close();
      }
    });
  }
});

describe('The first paint while the HTML arrives', () => {
  const browser = useBrowser();

  // A busy phone draws what its parser has of a page. A box that centres its content together, drawn
  // with part of it (the HTML cut, or the parser paused, right after that part), moved the part aside
  // as the rest came: the welcome page's Google Play badge's mark 61 px, the method page's e-mail
  // button's 70 px (fresh clones' runs, English and Hindi). Such a box now draws nothing of its
  // content until the whole has arrived (`.centred-together`, styles.css). The footer, drawn with
  // its first line's tag alone, stood 6.4 px lower (the empty line's margin went through its top)
  // and rose as the words came (a fresh clone's run: the front door in Hindi); the method page's
  // "or" drew its two lines at the middle of an empty line. Here the page's HTML is
  // sent in two parts, cut just after such a part, the rest once the first is drawn; the page's own
  // scripts are kept out (the takeover is the other tests' subject).
  /** A page with such a box: where it is, words that show it whole, and its HTML when not a plain GET's. */
  type Drawn = { path: string; whole: string; html?: string };
  const pages: { what: string; box: string; part: RegExp; path: () => Promise<Drawn> }[] = [
    {
      what: 'the Play badge on the welcome page, cut after its mark',
      box: '[data-store="google-play"]',
      part: /<svg [^>]*class="store-mark"[\s\S]*?<\/svg>/,
      path: async () => {
        const inviter = await seedInviter({ name: 'Asha Verma' });
        const [invitee] = await importVerifiedInvitees([inviter.userId]);
        return { path: `/welcome/${invitee?.uid}/${inviter.userId}?lg=en`, whole: 'Google Play' };
      },
    },
    {
      what: 'the Google button on the method page, cut after its mark',
      box: 'button[value="google.com"]',
      part: /value="google\.com"[^>]*><svg [^>]*class="provider-mark"[\s\S]*?<\/svg>/,
      path: async () => ({
        path: `/social-sign-up/${(await seedInviter()).userId}?lg=en`,
        whole: en.socialSignUp.google,
      }),
    },
    {
      what: 'the e-mail button on the method page, cut after its mark',
      box: '.centred-together:has(> svg[stroke="currentColor"])',
      part: /<svg [^>]*class="provider-mark"[^>]*stroke="currentColor"[\s\S]*?<\/svg>/,
      path: async () => ({
        path: `/social-sign-up/${(await seedInviter()).userId}?lg=hi`,
        whole: hi.socialSignUp.email,
      }),
    },
    {
      what: "the invitation's sentence, cut after the inviter's name",
      box: 'p.lead',
      part: /<strong class="name">[^<]*<\/strong>/,
      path: async () => ({ path: `/feedback/${(await seedInviter()).userId}/en`, whole: en.product.about }),
    },
    {
      what: "the welcome page's congratulation, confirmed without scripts, cut after its first words",
      box: 'p.greeting-note',
      part: /<span class="greeting-congratulations">[^<]*<\/span>/,
      path: async () => {
        // The confirmed page is the server's answer to the confirm form: the e-mail's link opened
        // without scripts, the form sent, its answer kept.
        const inviter = await seedInviter();
        const email = uniqueEmail('e2e-first-paint');
        const signUp = await browser.newPage({ device: 'phone' });
        await signUpByEmail(signUp, inviter.userId, { name: 'Mira Nair', email, password: 'correct-horse' });
        const { link } = await verificationMail(email);
        const mail = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID, javaScriptEnabled: false });
        await mail.goto(link);
        const answered = mail.waitForResponse((response) => response.request().method() === 'POST');
        await mail.locator('#welcome-confirm button[type="submit"]').click();
        const answer = await answered;
        const { pathname, search } = new URL(answer.url());
        return { path: `${pathname}${search}`, whole: en.welcome.activated, html: await answer.text() };
      },
    },
    {
      what: "the method page's divider, cut after its opening tag",
      box: 'p.divider',
      part: /<p class="divider[^"]*">/,
      path: async () => ({
        path: `/social-sign-up/${(await seedInviter()).userId}?lg=hi`,
        whole: hi.socialSignUp.or,
      }),
    },
    {
      what: "the footer, cut after its first line's opening tag",
      box: '.site-footer',
      part: /<footer class="site-footer"><p>/,
      path: async () => ({ path: '/', whole: en.footer.terms }),
    },
    {
      what: "the footer's links, cut after the first",
      box: '.site-footer nav',
      part: /<footer class="site-footer">[\s\S]*?<\/a>/,
      path: async () => ({ path: `/feedback/${(await seedInviter()).userId}/hi`, whole: hi.footer.terms }),
    },
  ];
  it.each(pages)('never draws $what, so nothing moves', async ({ box, part, path: at }) => {
    const { path, whole, html: given } = await at();
    const html =
      given ?? (await (await fetch(`${urls.hosting}${path}`, { headers: { 'user-agent': CHROME_ANDROID } })).text());
    const found = part.exec(html);
    expect(found, 'the page has the part').not.toBeNull();
    const cut = (found?.index ?? 0) + (found?.[0].length ?? 0);
    const served = await servedInTwoParts(path, html, { cut });
    try {
      const page = await browser.newPage({ device: 'phone', userAgent: CHROME_ANDROID });
      await page.route('**/*.js', (route) => route.abort());
      const watch = await watchTakeover(page);
      const loaded = page.goto(served.url);
      loaded.catch(() => undefined); // awaited below; a failure before that ends the test anyway
      // Drawn with its first part alone (two frames once something was drawn), then the rest.
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // In sight, where a move is a layout shift the watch hears of.
      const cutBox = await page.locator(box).first().boundingBox();
      expect(cutBox && cutBox.y + cutBox.height, `${box} in sight, drawn in part`).toBeLessThanOrEqual(
        page.viewportSize()?.height ?? 0,
      );
      served.sendRest();
      await loaded;
      await visible(page.getByText(whole, { exact: true }).first());
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const drawn = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        restArrived: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      }));
      expect(drawn.firstPaint, 'first drawn before the rest of the HTML arrived').toBeLessThan(drawn.restArrived);
      const watched = await watch.watched();
      expect(watched.moved, 'what shifted').toEqual([]);
      expect(watched.shifts, 'cumulative layout shift').toBe(0);
    } finally {
      await served.close();
    }
  });
});
