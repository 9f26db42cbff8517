// Every screen, in every language the stack switches on, at phone (390x844) and desktop (1280x800)
// size: axe-core finds no serious or critical violation, and a full-page screenshot of each goes to
// .artifacts/screenshots/<page>-<lang>-<phone|desktop>.png for a person to look at. The screens
// are listed here; the pages-<group>.e2e.ts files open them, a group each.
import { untranslatedNames } from '@dayfocus/contracts/pseudo-locales';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems, mirroringProblems, plainEnglish } from './layout';
import { stackLanguages, textsOf, type Translation } from './locales';
import {
  reachPath,
  screenshot,
  seedInviter,
  settled,
  takenOver,
  uniqueEmail,
  useBrowser,
  viewports,
  visible,
  type Device,
  type Language,
  type SeededInviter,
  confirmEmailPath,
} from './app';
import { seriousAccessibilityViolations } from './accessibility';

/**
 * The files that open the screens, a group each (pages-<group>.e2e.ts): about a minute a file,
 * where all of them in one took three and ended the browser suite last.
 */
export type ScreenGroup = 'invitation' | 'sign-up' | 'journey-end' | 'plain';

interface Screen {
  name: string;
  group: ScreenGroup;
  /** Opens the screen in its final state (data loaded, errors shown) in this language. */
  open(page: Page, t: Translation, inviter: SeededInviter, language: Language): Promise<void>;
}

const heading = (page: Page, name: string) => visible(page.getByRole('heading', { name, exact: true }));

export const screens: Screen[] = [
  {
    name: 'invitation',
    group: 'invitation',
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
    group: 'sign-up',
    async open(page, t, inviter) {
      await page.goto(`/social-sign-up/${inviter.userId}`);
      await heading(page, t.socialSignUp.title);
      await visible(page.getByText(t.socialSignUp.intro.replace('{{name}}', inviter.name)));
    },
  },
  {
    name: 'sign-up-errors',
    group: 'sign-up',
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
    group: 'journey-end',
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
    group: 'journey-end',
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
    group: 'plain',
    async open(page, t) {
      await page.goto('/');
      await heading(page, t.home.title);
      await visible(page.getByRole('contentinfo'));
    },
  },
  {
    name: 'invitation-no-picture',
    group: 'invitation',
    async open(page, t, _inviter, language) {
      const inviter = await seedInviter({ name: language === 'hi' ? 'आशा वर्मा' : 'Asha Verma', picture: false });
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      await heading(page, t.invitation.title);
      await visible(page.getByRole('img', { name: t.invitation.placeholderAlt }));
    },
  },
  {
    name: 'not-found',
    group: 'plain',
    async open(page, t) {
      await page.goto('/no-such-page');
      await heading(page, t.notFound.title);
    },
  },
  {
    name: 'invitation-unknown-inviter',
    group: 'plain',
    async open(page, t) {
      await page.goto('/feedback/nobody-xyz');
      await heading(page, t.invitation.unknownTitle);
      await visible(page.getByRole('alert').getByText(t.invitation.invalidUrl));
    },
  },
];

/**
 * What a page shows as it is, in any language: the people's names and addresses, the operator the
 * configuration names, the stores' and sign-in providers' own names.
 */
const dataOnPages = (inviter: SeededInviter) => [inviter.name, 'Asha Verma', 'Mira Nair', ...untranslatedNames];

/**
 * The group's screens, in every language the stack switches on, at phone and desktop size; with
 * `half` (1 or 2), in every other language of the list, from its first or its second: a group whose
 * file took over a minute beside the rest of `npm test` opens its screens from two files.
 */
export function describeScreens(group: ScreenGroup, half?: 1 | 2): void {
  const languages = half === undefined ? stackLanguages : stackLanguages.filter((_, at) => at % 2 === half - 1);
  const which =
    half === undefined
      ? 'every language the stack switches on'
      : `${languages.join(', ')} (half the languages the stack switches on)`;
  describe(`Every page of the ${group} group, in ${which}, at phone and desktop size`, () => {
    const browser = useBrowser();
    let inviter: SeededInviter;
    beforeAll(async () => {
      inviter = await seedInviter({ picture: true });
    });

    for (const language of languages) {
      for (const screen of screens.filter((s) => s.group === group)) {
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
}
