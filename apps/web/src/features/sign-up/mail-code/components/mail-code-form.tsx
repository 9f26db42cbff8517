import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkingLabel } from '@/components/working-label';
import { prepareCallable } from '@/lib/callables';
import { HELD_SUBMIT_ATTRIBUTE, takeOverForm } from '@/lib/held-submit';
import { usePhone } from '@/lib/use-phone';
import { useMailCodeForm } from '../hooks/use-mail-code-form';
import { TextField } from '../../shared/components/text-field';

interface Props {
  /** The account this tab signed up; undefined until the app has the page (the history entry names it). */
  uid: string | undefined;
  /**
   * False while the server's copy of the page waits for the app. The field takes typing all along;
   * a submit before the app is ready is held and made once it is (lib/held-submit.ts).
   */
  ready: boolean;
  /** While a code is being tried (the page's watch for a confirmation elsewhere waits meanwhile). */
  onBusy: (busy: boolean) => void;
  /** The code confirmed the address: activation's answer, for the welcome page to greet with. */
  onConfirmed: (answer: ActivationAnswer) => void;
}

/**
 * The code from the verification mail, typed where she signed up rather than following the mail's
 * link into another browser. One field: the phone offers the code from the mail as she focuses it
 * (`one-time-code`), its keyboard has digits, and a pasted "123 456" or "123-456" counts as the
 * digits. The one message (the code's shape, or the server's refusal) stands with the field and is
 * named by it.
 */
export function MailCodeForm({ uid, ready, onBusy, onConfirmed }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const phone = usePhone();
  const formRef = useRef<HTMLFormElement>(null);
  const prepare = usePrepareCode(uid, ready);
  const { messageKey, isSubmitting, register, submit } = useMailCodeForm(async (code) => {
    if (!uid) return 'confirmEmail.codeElsewhere';
    onBusy(true);
    const api = await loadCodeApi();
    try {
      if (!api) return 'app.networkError';
      const answer = await api.confirmWithCode(uid, {
        code,
        ...(phone ? { platform: phone } : {}),
        language: i18n.language,
      });
      if (!answer) return 'confirmEmail.codeElsewhere';
      onConfirmed(answer);
      return null;
    } catch (error) {
      prepare();
      return api?.codeFailureKey(error) ?? 'app.genericError';
    } finally {
      onBusy(false);
    }
  });

  useEffect(() => {
    const form = formRef.current;
    if (ready && form && takeOverForm(form)) form.requestSubmit();
  }, [ready]);

  const invalid = messageKey !== null && messageKey !== undefined;
  return (
    // POST: a submit the browser makes itself, before any script of the page runs, puts nothing in
    // the address (the server answers it with the page again).
    <form
      ref={formRef}
      className="form code-form"
      method="post"
      noValidate
      {...{ [HELD_SUBMIT_ATTRIBUTE]: '' }}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        {...register()}
        onFocus={prepare}
        label={t('confirmEmail.codeLabel')}
        id={id}
        hint={t('confirmEmail.codeHint')}
        errors={invalid ? [t(messageKey)] : []}
        className="input input-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="done"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <noscript>
        <p className="field-error">{t('confirmEmail.codeNeedsJavaScript')}</p>
      </noscript>
      <CodeButton busy={isSubmitting} />
    </form>
  );
}

/**
 * What the call needs, asked for as she goes to type the code (and again after a code that did not
 * work, whose token the call spent): her tap then waits for the call alone. Also once the page has
 * loaded, while she is away reading her mail, where the token costs no challenge (`ahead`).
 */
function usePrepareCode(uid: string | undefined, ready: boolean): () => void {
  const prepare = (ahead = false) => {
    if (!uid) return;
    // Side by side: the token does not wait for the code's module.
    void prepareCallable('confirmEmailWithCode', { ahead }).catch(() => undefined);
    void loadCodeApi().then((api) => api?.prepareCode(uid));
  };
  useEffect(() => {
    if (ready && uid) afterLoad(() => prepare(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the app has the page of the tab that signed up
  }, [ready, uid]);
  return () => prepare();
}

/** Runs `then` once the page has loaded (its own requests first). */
function afterLoad(then: () => void): void {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}

/** The code's module; null where it cannot be fetched (the network), which the submit tells. */
const loadCodeApi = () => import('../api/mail-code').catch(() => null);

/**
 * "Confirm with the code": its words while the code is tried; while a submit made before the app
 * was ready waits for it, the stylesheet shows the same words from `data-working`
 * (lib/held-submit.ts), so that the markup React takes over is the server's as it was.
 */
function CodeButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="button button-primary"
      disabled={busy}
      aria-busy={busy}
      data-working={t('confirmEmail.codeWorking')}
    >
      {busy ? (
        <>
          <span className="spinner spinner-inline" aria-hidden="true" />
          <WorkingLabel>{t('confirmEmail.codeWorking')}</WorkingLabel>
        </>
      ) : (
        <span className="label-ready">{t('confirmEmail.codeSubmit')}</span>
      )}
    </button>
  );
}
