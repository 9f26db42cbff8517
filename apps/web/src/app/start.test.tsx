import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from './start';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('starting the app', () => {
  it('shows a clear error screen, in both languages, when the configuration cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('missing', { status: 404 }));
    const container = document.body.appendChild(document.createElement('div'));
    await start(container);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dayfocus is not available right now');
    expect(alert).toHaveTextContent('Dayfocus अभी उपलब्ध नहीं है');
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
    expect(screen.getByText('/config.json answered 404')).toBeInTheDocument();
  });
});
