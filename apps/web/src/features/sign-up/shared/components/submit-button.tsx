import { useTranslation } from 'react-i18next';
import { WorkingLabel } from '@/components/working-label';

/**
 * A form's submit with its words while the form's work runs (`busy`). While a submit made before
 * the app was ready is held (lib/held-submit.ts), the stylesheet shows the same words from
 * `data-working`, so that the markup React takes over is the server's as it was: the button says it
 * is working from the tap, whether the page or the app holds it.
 */
export function SubmitButton({
  label,
  working,
  busy,
  disabled = false,
  primary = true,
}: {
  label: string;
  working: string;
  busy: boolean;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`button ${primary ? 'button-primary' : 'button-secondary'}`}
      disabled={disabled || busy}
      aria-busy={busy}
      data-working={working}
    >
      {busy ? (
        <>
          <span className="spinner spinner-inline" aria-hidden="true" />
          <WorkingLabel>{working}</WorkingLabel>
        </>
      ) : (
        <span className="label-ready">{label}</span>
      )}
    </button>
  );
}

/** Without scripts the form cannot do its work (it runs in the browser): it says so, above its button. */
export function NeedsScripts() {
  const { t } = useTranslation();
  return (
    <noscript>
      <p className="field-error">{t('signUp.needsJavaScript')}</p>
    </noscript>
  );
}
