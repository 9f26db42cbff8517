import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { renderApp } from '@/testing/render';
import { createConfig } from '@/testing/fixtures';

describe('every page', () => {
  it('sits under a fixed top bar with the product logo', async () => {
    await renderApp('/confirm-email');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Dayfocus' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Dayfocus home' })).toHaveAttribute('href', '/');
  });

  it('answers an unknown address with a not-found page in the same layout', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // The title is the page's effect (components/page-title.ts), run after the heading is drawn: on
    // a busy machine it comes a moment after it (npm test once read it empty).
    await waitFor(() => expect(document.title).toBe('Page not found · Dayfocus'));
  });

  it('moves focus to the heading of the page a link leads to', async () => {
    const { user } = await renderApp('/no/such/page');
    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    const heading = await screen.findByRole('heading', { name: 'Everyday tasks, done with friends' });
    // The page moves focus in an effect, which React may run a task after the heading shows.
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('the invitation page without an inviter (/tasks-Feedback)', () => {
  it('says the URL is invalid and keeps both buttons disabled', async () => {
    await renderApp('/tasks-Feedback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid URL');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'I already have an account' })).toBeDisabled();
  });
});

describe('language selection', () => {
  it('offers the languages of the configuration and switches every string at once, and keeps the choice', async () => {
    const { user } = await renderApp('/tasks-Feedback');
    await screen.findByRole('alert');
    const choice = screen.getByRole('navigation', { name: 'Language' });
    expect(
      within(choice)
        .getAllByRole('link')
        .map((o) => o.textContent),
    ).toEqual(['English', 'हिन्दी']);
    expect(within(choice).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(document.documentElement.lang).toBe('en');

    await user.click(within(choice).getByRole('link', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'यह निमंत्रण लिंक काम नहीं कर रहा' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('अमान्य URL');
    expect(screen.getByRole('button', { name: 'साइन अप करें' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'मेरा पहले से खाता है' })).toBeDisabled();
    expect(
      within(screen.getByRole('navigation', { name: 'भाषा' })).getByRole('link', { name: 'हिन्दी' }),
    ).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Dayfocus होम' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('यह निमंत्रण लिंक काम नहीं कर रहा · Dayfocus');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('offers only languages the configuration lists and the app has a translation for', async () => {
    await renderApp('/', {
      config: createConfig({
        portalLanguages: ['en', 'fr'],
      }),
    });
    expect(screen.queryByRole('navigation', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('the confirm-email page', () => {
  it('names the address the email went to', async () => {
    await renderApp('/confirm-email', { state: { email: 'mira@example.com' } });
    expect(await screen.findByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
    const address = screen.getByText('mira@example.com');
    // The address in an element of its own, which keeps it whole on a line (styles.css).
    expect(address).toHaveClass('address');
    expect(address.parentElement).toHaveTextContent(
      'We have sent an email with a confirmation link to mira@example.com.',
    );
  });

  it('still reads well when opened without an address', async () => {
    await renderApp('/confirm-email');
    expect(await screen.findByText('We have sent you an email with a confirmation link.')).toBeInTheDocument();
  });
});

const storeUrls = {
  appStoreUrl: 'https://apps.apple.com/app/id1',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=x',
};

/** Both store badges, linking to the stores of `storeUrls`. */
function expectStoreLinks() {
  expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
    'href',
    storeUrls.appStoreUrl,
  );
  expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', storeUrls.playStoreUrl);
}

describe('the front door (/)', () => {
  it('says what Dayfocus is and how an invitation works, links the stores, and congratulates nobody', async () => {
    const config = createConfig(storeUrls);
    await renderApp('/', { config });
    expect(await screen.findByRole('heading', { name: 'Everyday tasks, done with friends' })).toBeInTheDocument();
    expect(
      screen.getByText('Dayfocus is an app where friends help each other finish everyday tasks.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invited by a friend? Open the link they sent you to join them.')).toBeInTheDocument();
    expectStoreLinks();
    expect(screen.queryByText(/Welcome|Congratulations|tasks with friends/)).not.toBeInTheDocument();
  });

  it('in Hindi', async () => {
    await renderApp('/', { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'रोज़मर्रा के काम, दोस्तों के साथ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'App Store से डाउनलोड करें' })).toBeInTheDocument();
  });
});

describe("every page's footer", () => {
  it('says who runs the site and links its privacy policy and terms from the configuration', async () => {
    const config = createConfig({
      legal: { operator: 'Dayfocus Labs', privacyUrl: 'https://x.example/p', termsUrl: 'https://x.example/t' },
    });
    await renderApp('/tasks-Feedback', { config });
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Run by Dayfocus Labs');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', 'https://x.example/p');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://x.example/t');
  });
});

describe('the welcome page without an account to activate', () => {
  it.each(['/welcome'])('%s welcomes and links both stores from the configuration', async (path) => {
    const config = createConfig(storeUrls);
    await renderApp(path, { config });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Download the app to start on your tasks with friends')).toBeInTheDocument();
    expectStoreLinks();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives the badges Hindi alt texts in Hindi', async () => {
    await renderApp('/welcome', { language: 'hi' });
    expect(await screen.findByRole('link', { name: 'App Store से डाउनलोड करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Google Play पर पाएँ' })).toBeInTheDocument();
    expect(screen.getByText('दोस्तों के साथ अपने काम शुरू करने के लिए ऐप डाउनलोड करें')).toBeInTheDocument();
  });
});
