// A renewal closes the door (docs/inviter-view.md, "A renewal closes the door"), on a phone in Hindi
// and Tamil: once she replaced her link in her app (renewInviteLink, the app's own call), her
// invitation page by her uid alone says the link was replaced and to ask her for the new one, with
// the stores and no sign-up; her new link's "Continue on the web" opens a page that still signs up.
import { describe, expect, it } from 'vitest';
import { appSignedInAs } from '@dayfocus/stack/testing';
import { CHROME_ANDROID } from '@dayfocus/stack/user-agents';
import { layoutProblems, watchLayout } from './support/layout';
import { textsOf } from './support/locales';
import { screenshot, seedInviter, takenOver, useBrowser, visible } from './support/app';

/** Her app, signed in as her, replaces her link (an Auth account for the seeded inviter first). */
async function renewInHerApp(inviterId: string): Promise<string> {
  const app = await appSignedInAs(inviterId);
  const { shortLink } = await app.call<{ shortLink: string }>('renewInviteLink', {});
  await app.close();
  return shortLink;
}

describe('Her invitation page after she replaced her link', () => {
  const browser = useBrowser();

  for (const language of ['hi', 'ta'] as const) {
    it(`in ${language === 'hi' ? 'Hindi' : 'Tamil'}, on a phone: by her uid alone it says to ask her for the new link; her new link's page signs up`, async () => {
      const t = textsOf(language);
      const inviter = await seedInviter({ name: 'Meera Nair' });
      const shortLink = await renewInHerApp(inviter.userId);
      const code = shortLink.slice(shortLink.lastIndexOf('/') + 1);

      const page = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      const layout = await watchLayout(page);
      await page.goto(`/feedback/${inviter.userId}/${language}`);
      const said = t.invitation.replaced.replace('{{name}}', 'Meera Nair');
      await visible(page.getByRole('status').getByText(said, { exact: true }));
      await takenOver(page);
      // Still said once the app has the page, with the stores, and nothing that makes an account.
      await visible(page.getByRole('status').getByText(said, { exact: true }));
      expect(await page.getByRole('link', { name: t.invitation.signUp, exact: true }).count()).toBe(0);
      // Nor the line that promises a sign-up here.
      expect(await page.getByText(t.invitation.next.replace('{{name}}', 'Meera Nair')).count()).toBe(0);
      expect(await page.getByRole('link', { name: t.invitation.haveAccount, exact: true }).count()).toBe(0);
      await visible(page.locator('a.store-badge[href]').first());
      expect(await layout.shifts()).toBe(0);
      expect(await layoutProblems(page)).toEqual([]);
      await screenshot(page, 'invitation-replaced', language, 'phone');

      // Her new link's "Continue on the web": the page names her and signs up, as before.
      const current = await browser.newPage({ device: 'phone', language, userAgent: CHROME_ANDROID });
      await current.goto(`/feedback/${inviter.userId}/${language}?via=link&link=${code}`);
      await takenOver(current);
      await visible(current.getByRole('link', { name: t.invitation.signUp, exact: true }));
      expect(await current.getByText(said, { exact: true }).count()).toBe(0);
      const haveAccount = current.getByRole('link', { name: t.invitation.haveAccount, exact: true });
      expect(await haveAccount.getAttribute('href')).toBe(`/app-link/${inviter.userId}?link=${code}`);
    });
  }
});
