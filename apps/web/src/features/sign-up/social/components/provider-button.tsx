import { useTranslation } from 'react-i18next';
import { SIGN_IN_FROM_PARAM } from '@dayfocus/contracts/provider-return';
import { pagePatterns } from '@dayfocus/contracts/page-paths';
import { SERVER_START_ATTRIBUTE, START_PARAM } from '@/lib/sign-in-start';
import { CentredEnd } from '@/components/centred-end';
import type { Provider } from '../api/social-sign-in';
import { ProviderMark } from './provider-mark';

export function ProviderButton({
  provider,
  form,
  from,
  first,
  takenOver,
  disabled,
  busy,
  popupReady,
  onTap,
}: {
  provider: Provider;
  /** The id of the page's hidden form. */
  form: string;
  /** The page's path: the server's start brings her back to it. */
  from: string;
  /** The first is the filled one: one button stands out, the phone's own provider. */
  first: boolean;
  takenOver: boolean;
  disabled: boolean;
  /** This provider's sign-in runs: a spinner in place of its mark. */
  busy: boolean;
  /** Auth is ready, so a tap opens the popup: marked on the button. */
  popupReady: boolean;
  onTap: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      // The server's copy submits the form (START_PARAM); the app's opens the popup.
      type={takenOver ? 'button' : 'submit'}
      form={form}
      // Before the app has the page, the tap posts to the server's start, which answers with the
      // provider's page (@dayfocus/contracts/provider-return): one round trip, no script.
      formAction={`${pagePatterns['sign-in-start']}?${SIGN_IN_FROM_PARAM}=${encodeURIComponent(from)}`}
      formMethod="post"
      {...{ [SERVER_START_ATTRIBUTE]: '' }}
      name={START_PARAM}
      value={provider}
      className={`button button-${provider === 'apple.com' ? 'apple' : 'google'} centred-together${first ? ' button-first' : ''}`}
      disabled={disabled}
      aria-busy={busy}
      data-popup-ready={popupReady || undefined}
      onClick={onTap}
    >
      {busy ? <span className="spinner spinner-inline" aria-hidden="true" /> : <ProviderMark provider={provider} />}
      <span>{provider === 'apple.com' ? t('socialSignUp.apple') : t('socialSignUp.google')}</span>
      <CentredEnd />
    </button>
  );
}
