// The layout's error fallback and the wait of the language switch (lib/taken-over.tsx): a page
// that fails to draw is replaced by the app's own drawing, which ends the wait as a page would.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PageTakenOverProvider } from '@/lib/taken-over';
import { AppRoutes } from './app-routes';

function BrokenPage(): never {
  throw new Error('the page failed to draw');
}

describe('a page that fails to draw', () => {
  it('shows the way to a fresh load, and says the page is the app’s (a language tapped meanwhile applies)', async () => {
    const settled = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(
      <PageTakenOverProvider value={settled}>
        <AppRoutes pages={{ home: BrokenPage }} />
      </PageTakenOverProvider>,
      { path: '/' },
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(settled).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
