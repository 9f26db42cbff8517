import type { Provider } from '../api/social-sign-in';

/** The provider's mark on its button (Google's G, Apple's apple), hidden from screen readers: the button names it. */
export function ProviderMark({ provider }: { provider: Provider }) {
  if (provider === 'google.com') {
    return (
      <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="#fff" />
        <path
          d="M12 6.5a5.5 5.5 0 1 0 5.4 6.5H12v-2.2h7.7A7.7 7.7 0 1 1 17.4 6.6l-1.6 1.6A5.5 5.5 0 0 0 12 6.5z"
          fill="#1F2937"
        />
      </svg>
    );
  }
  return (
    <svg className="provider-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M16.4 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.8-.8A4.2 4.2 0 0 0 5.5 10c-1.5 2.6-.4 6.4 1.1 8.5.7 1 1.5 2.2 2.6 2.1 1-.04 1.4-.7 2.7-.7s1.6.7 2.7.7c1.1 0 1.8-1 2.5-2a8.6 8.6 0 0 0 1.1-2.3 3.6 3.6 0 0 1-1.8-3.7zM14.3 6.1A3.7 3.7 0 0 0 15.2 3.4a3.8 3.8 0 0 0-2.5 1.3 3.5 3.5 0 0 0-.9 2.6 3.1 3.1 0 0 0 2.5-1.2z"
        fill="currentColor"
      />
    </svg>
  );
}
