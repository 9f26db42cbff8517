// The check-mail page as the server sends it, then as the app takes it over (takeover/page.tsx):
// nothing may be added, removed or shown after hydration, or it paints late (the page's LCP) and
// moves the footer (CLS). A cold visit has no history entry; a reloaded tab that signed up has one,
// which the inline script (reloaded-address.ts) reads before the page paints.
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { initFirebase } from '@/lib/firebase';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { createConfig } from '@/testing/fixtures';
import { FILL_ADDRESS_CALL, fillAddressScript } from '@/features/sign-up/email/lib/reloaded-address';
import ConfirmEmailRoute from './confirm-email';

const path = '/confirm-email';

async function serverHtml(): Promise<string> {
  const i18n = await createI18n('en');
  return renderToString(
    <AppProviders config={createConfig()} i18n={i18n} queryClient={createQueryClient()}>
      <StaticRouter location={path}>
        <ConfirmEmailRoute />
      </StaticRouter>
    </AppProviders>,
  );
}

/** What the browser does before the first paint: each call after the lead (or the advice) runs. */
function runInlineCalls(container: HTMLElement) {
  new Function(fillAddressScript())();
  for (const script of container.querySelectorAll('script')) {
    if (script.textContent !== FILL_ADDRESS_CALL) continue;
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    (window as unknown as { dayfocusFillAddress: () => void }).dayfocusFillAddress();
  }
  Reflect.deleteProperty(document, 'currentScript');
}

/** The section's elements as a person sees them: tag, shown or not, words. */
function seen(container: HTMLElement) {
  const section = container.querySelector('section.page');
  return [...(section?.children ?? [])]
    .filter((element) => element.tagName !== 'SCRIPT' && element.tagName !== 'NOSCRIPT')
    .map((element) => ({
      tag: element.tagName,
      hidden: (element as HTMLElement).hidden,
      text: element.textContent,
    }));
}

async function takeOver(container: HTMLElement, state: unknown) {
  const i18n = await createI18n('en');
  await act(async () => {
    hydrateRoot(
      container,
      <AppProviders config={createConfig()} i18n={i18n} queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          <ConfirmEmailRoute />
        </MemoryRouter>
      </AppProviders>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
}

let recoverable: unknown[] = [];
afterEach(() => {
  recoverable = [];
  document.body.innerHTML = '';
  window.history.replaceState(null, '');
});

describe('the check-mail page taken over', () => {
  it('opened cold (no entry): the app adds nothing to what the server painted', async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml();
    document.body.append(container);
    runInlineCalls(container);
    const painted = seen(container);
    // The way to a new mail is on the first paint, not drawn seconds later by the app.
    expect(painted.map((part) => part.text)).toContain(
      'No email? Check your spam folder. To get a new link, sign up again with the same email address.',
    );

    await takeOver(container, null);
    expect(recoverable).toEqual([]);
    expect(seen(container)).toEqual(painted);
  });

  it('reloaded in the tab that signed up: the advice for a tab without the entry never shows', async () => {
    const entry = { email: 'mira@example.com', uid: 'u1', inviterId: 'i1', mailSent: true, sentAt: 1 };
    window.history.replaceState({ usr: entry, key: 'k', idx: 0 }, '');
    const container = document.createElement('div');
    container.innerHTML = await serverHtml();
    document.body.append(container);
    runInlineCalls(container);
    const shown = seen(container).filter((part) => !part.hidden);
    expect(shown.map((part) => part.text)).not.toContain(
      'No email? Check your spam folder. To get a new link, sign up again with the same email address.',
    );
    expect(container.querySelector('.lead')?.textContent).toContain('mira@example.com');

    // The app's first render reads the same entry: it takes the page over without a mismatch.
    initFirebase(createConfig());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await takeOver(container, entry);
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/hydrat/i);
    errors.mockRestore();
    expect(container.textContent).not.toContain('No email? Check your spam folder.');
  });
});
