import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from './start';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('starting the app', () => {
  it('shows a clear error screen in English and the browser’s language when the configuration cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404 }));
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en']);
    const container = document.body.appendChild(document.createElement('div'));
    await start(container);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dayfocus is not available right now');
    await waitFor(() => expect(alert).toHaveTextContent('Dayfocus अभी उपलब्ध नहीं है'));
    expect(screen.getByText('Dayfocus अभी उपलब्ध नहीं है')).toHaveAttribute('lang', 'hi');
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
    expect(screen.getByText('/config.json answered 404')).toBeInTheDocument();
  });

  it('speaks English alone to a browser whose languages have no file', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404 }));
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    const container = document.body.appendChild(document.createElement('div'));
    await start(container);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dayfocus is not available right now');
    expect(alert.querySelectorAll('[lang]')).toHaveLength(0);
  });
});
