// Every screen, in English and Hindi, at phone (390x844) and desktop (1280x800) size: axe-core
// finds no serious or critical violation, and a full-page screenshot of each goes to
// .artifacts/screenshots/<page>-<lang>-<phone|desktop>.png for a person to look at.
import { untranslatedNames } from '@dayfocus/contracts/pseudo-locales';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems, mirroringProblems, plainEnglish } from './support/layout';
import { stackLanguages, textsOf, type Translation } from './support/locales';
import {
  reachPath,
  screenshot,
  seedInviter,
  seriousAccessibilityViolations,
  takenOver,
  uniqueEmail,
  useBrowser,
  viewports,
  visible,
  type Device,
  type Language,
  type SeededInviter,
  confirmEmailPath,
} from './support/app';

interface Screen {
  name: string;
  /** Opens the screen in its final state (data loaded, errors shown) in this language. */
  open(page: Page, t: Translation, inviter: SeededInviter, language: Language): Promise<void>;
}

const heading = (page: Page, name: string) => visible(page.getByRole('heading', { name, exact: true }));

const screens: Screen[] = [
  {
    name: 'invitation',
    async open(page, t, inviter, language) {
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      await heading(page, t.invitation.title);
      await visible(page.getByText(inviter.name, { exact: true }));
      const picture = page.getByRole('img', { name: t.invitation.pictureAlt.replace('{{name}}', inviter.name) });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    },
  },
  {
    name: 'social-sign-up',
    async open(page, t, inviter) {
      await page.goto(`/social-sign-up/${inviter.userId}`);
      await heading(page, t.socialSignUp.title);
      await visible(page.getByText(t.socialSignUp.intro.replace('{{name}}', inviter.name)));
    },
  },
  {
    name: 'sign-up-errors',
    async open(page, t, inviter) {
      await page.goto(`/sign-up/${inviter.userId}`);
      await heading(page, t.signUp.title);
      const submit = page.getByRole('button', { name: t.signUp.submit, exact: true });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await page.getByLabel(t.signUp.email, { exact: true }).fill('not-an-address');
      await page.getByLabel(t.signUp.password, { exact: true }).fill('short');
      await submit.click();
      await visible(page.getByRole('alert').getByText(t.validation.usernameRequired));
    },
  },
  {
    name: 'confirm-email',
    async open(page, t, inviter) {
      const email = uniqueEmail('e2e-screens');
      await page.goto(`/sign-up/${inviter.userId}`);
      await page.getByLabel(t.signUp.username, { exact: true }).fill('Mira Nair');
      await page.getByLabel(t.signUp.email, { exact: true }).fill(email);
      await page.getByLabel(t.signUp.password, { exact: true }).fill('correct-horse');
      await page.getByLabel(t.signUp.confirmPassword, { exact: true }).fill('correct-horse');
      await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
      await reachPath(page, confirmEmailPath);
      await heading(page, t.confirmEmail.title);
      await visible(page.getByText(email));
    },
  },
  {
    name: 'welcome',
    async open(page, t) {
      await page.goto('/welcome');
      await heading(page, t.welcome.title);
      await visible(
        page.getByRole('link', {
          name: [t.welcome.playStoreBefore, 'Google Play', t.welcome.playStoreAfter].join(' ').trim(),
        }),
      );
    },
  },
  {
    name: 'home',
    async open(page, t) {
      await page.goto('/');
      await heading(page, t.home.title);
      await visible(page.getByRole('contentinfo'));
    },
  },
  {
    name: 'invitation-no-picture',
    async open(page, t, _inviter, language) {
      const inviter = await seedInviter({ name: language === 'hi' ? 'आशा वर्मा' : 'Asha Verma', picture: false });
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      await heading(page, t.invitation.title);
      await visible(page.getByRole('img', { name: t.invitation.placeholderAlt }));
    },
  },
  {
    name: 'not-found',
    async open(page, t) {
      await page.goto('/no-such-page');
      await heading(page, t.notFound.title);
    },
  },
  {
    name: 'invitation-unknown-inviter',
    async open(page, t) {
      await page.goto('/feedback/nobody-xyz');
      await heading(page, t.invitation.unknownTitle);
      await visible(page.getByRole('alert').getByText(t.invitation.invalidUrl));
    },
  },
];

/** Every image loaded and fonts ready, so the screenshot shows the finished page. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const loading = [...document.images].filter((img) => !img.complete);
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
  });
}

/**
 * What a page shows as it is, in any language: the people's names and addresses, the operator the
 * configuration names, the stores' and sign-in providers' own names.
 */
const dataOnPages = (inviter: SeededInviter) => [inviter.name, 'Asha Verma', 'Mira Nair', ...untranslatedNames];

describe('Every page, in every language the stack switches on, at phone and desktop size', () => {
  const browser = useBrowser();
  let inviter: SeededInviter;
  beforeAll(async () => {
    inviter = await seedInviter({ picture: true });
  });

  for (const language of stackLanguages) {
    for (const screen of screens) {
      it(`the ${screen.name} page in ${language} has no serious or critical accessibility violation and is captured at both sizes`, async () => {
        const page = await browser.newPage({ device: 'phone', language });
        await screen.open(page, textsOf(language), inviter, language);
        await takenOver(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

        const problems: string[] = [];
        for (const device of ['phone', 'desktop'] as const satisfies Device[]) {
          await page.setViewportSize(viewports[device]);
          await settled(page);
          await screenshot(page, screen.name, language, device);
          const { summary } = await seriousAccessibilityViolations(page);
          const size = `${device} (${viewports[device].width}x${viewports[device].height})`;
          if (summary) problems.push(`${size}:\n${summary}`);
          const layout = [
            ...(await layoutProblems(page)),
            ...(language === 'en-XA' ? await plainEnglish(page, dataOnPages(inviter)) : []),
            ...(language === 'ar-XB' ? await mirroringProblems(page) : []),
          ];
          if (layout.length > 0) problems.push(`${size}:\n${layout.join('\n')}`);
        }
        expect(problems.join('\n'), `axe-core and the layout on ${page.url()}`).toBe('');
      });
    }
  }
});

describe('The Content-Security-Policy', () => {
  const browser = useBrowser();

  it('refuses a script injected into the invitation page, and the tests see the violation', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await screens[0]?.open(page, textsOf('en'), inviter, 'en');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => browser.takeViolations().join('\n')).toContain('script-src');
  });
});

describe('Fonts', () => {
  const browser = useBrowser();

  /** The platform fonts that draw the invitation's heading in `language`, with how many glyphs each. */
  async function headingFonts(language: string) {
    const inviter = await seedInviter();
    const page = await browser.newPage({ device: 'phone', language });
    await screens[0]?.open(page, textsOf(language), inviter, language);
    const cdp = await page.context().newCDPSession(page);
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' })) as {
      nodeId: number;
    };
    await cdp.send('CSS.enable');
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
      fonts: { familyName: string; glyphCount: number }[];
    };
    const spaces = (await page.locator('h1').innerText()).split(' ').length - 1;
    return { fonts, spaces };
  }

  // Every letter of the heading is drawn by the script's Noto face; another font may at most draw its spaces.
  for (const [language, family] of [
    ['hi', 'Noto Sans'],
    ['bn', 'Noto Sans Bengali'],
    ['ta', 'Noto Sans Tamil'],
    ['te', 'Noto Sans Telugu'],
  ] as const)
    it(`draws the ${language} invitation in the ${family} of the npm registry, whatever fonts the machine has`, async () => {
      const { fonts, spaces } = await headingFonts(language);
      expect(fonts.find((f) => f.familyName === family)?.glyphCount ?? 0, JSON.stringify(fonts)).toBeGreaterThan(8);
      const others = fonts.filter((f) => f.familyName !== family);
      expect(
        others.reduce((sum, f) => sum + f.glyphCount, 0),
        JSON.stringify(fonts),
      ).toBeLessThanOrEqual(spaces);
    });
});
