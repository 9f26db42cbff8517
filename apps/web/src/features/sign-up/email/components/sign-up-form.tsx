import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HELD_SUBMIT_ATTRIBUTE, takeOverForm } from '@/lib/held-submit';
import { browserToken, type EmailProofBinding } from '../../email-proof/hooks/use-email-proof';
import { useEmailSuggestion } from '../hooks/use-email-suggestion';
import { useOriginTrial } from '../../email-proof/hooks/use-origin-trial';
import { useSignUpForm, type Field, type SubmitProblem, type ValidSignUp } from '../hooks/use-sign-up-form';
import { ErrorSummary } from './error-summary';
import { NewPasswordFields } from '../../shared/components/password-field';
import { NeedsScripts, SubmitButton } from '../../shared/components/submit-button';
import { TextField } from '../../shared/components/text-field';

/** The browser's proof of the address, as its hidden field held it when the form was sent. */
export interface FilledEmailProof {
  token: string;
  nonce: string;
  holder: string;
}

/** The hidden field's name: the draft names none; the browser finds it by its `autocomplete`. */
const PROOF_FIELD = 'emailVerificationToken';

interface Props {
  disabled: boolean;
  /**
   * False while the server's copy of the page waits for the app (default true). The fields take
   * typing all along, and the app keeps what was typed; a submit before the app is ready is held
   * and made once it is (lib/held-submit.ts).
   */
  ready?: boolean;
  /** Null when the sign-up went on elsewhere. `proof`: what the browser filled into the hidden field, if anything. */
  onSubmit: (values: ValidSignUp, proof?: FilledEmailProof) => Promise<SubmitProblem>;
  /**
   * The nonce (and this tab's key) of the browser's proof of the address: with one, the form has the
   * hidden field the browser fills with its token as the form is sent; without, nothing more.
   */
  emailProof?: EmailProofBinding | null;
  /** Under "already registered" in the summary: the way on for the address's owner. */
  emailInUseHelp?: ReactNode;
  /** What was typed before (the way back to the form): fills the fields still empty once the app has the form. */
  kept?: () => { username: string; email: string } | null;
  /** Told the name and address as they are typed, for the way back to the form (never the password). */
  keep?: (typed: { username: string; email: string }) => void;
  /**
   * Called once, when she starts on the form (a field taken or typed into, or found typed into as
   * the app takes the form over): the sign-up's call gets ready then, not after her tap.
   */
  onStart?: () => void;
}

/**
 * The GOV.UK Design System's error pattern (docs/web-app.md, \"The screens\"): on submit every
 * failing message is listed in one summary alert and also stands beside its field. A field's
 * message goes as soon as the field is valid; none appears while typing.
 */
export function SignUpForm(props: Props) {
  const { disabled, ready = true, onSubmit, emailInUseHelp, kept, keep, emailProof, onStart } = props;
  const { t } = useTranslation();
  const ids = useFieldIds();
  const formRef = useRef<HTMLFormElement>(null);
  // Read from the element from the submit event on: the browser fills the field then, or a moment after.
  const sentProof = useRef<Promise<FilledEmailProof | undefined>>(Promise.resolve(undefined));
  const { problem, attempt, isSubmitting, fieldMessages, lines, register, setField, fillEmpty, submit } = useSignUpForm(
    (values) => sentProof.current.then((proof) => (proof ? onSubmit(values, proof) : onSubmit(values))),
    keep,
  );
  const { hints, checkEmail } = useHints(setField);
  useOriginTrial(Boolean(emailProof));

  const start = useStartOnce(ready, onStart);
  useTakeOver(formRef, ready, () => fillEmpty(kept?.() ?? {}), start);

  const field = (name: Field) => {
    const invalid = fieldMessages(name).length > 0;
    // While the address is taken, the other fields are done with: their hints give the way on room.
    const hint = problem === 'email-in-use' && name !== 'email' ? undefined : hints[name];
    const described = [hint ? `${ids[name]}-hint` : '', invalid ? `${ids[name]}-error` : ''].filter(Boolean);
    const registered = register(name);
    // The e-mail, once left, is checked for a typo of a big mail domain.
    const onBlur = (event: React.FocusEvent<HTMLInputElement>) => {
      if (name === 'email') void checkEmail(event.target.value);
      return registered.onBlur(event);
    };
    return {
      ...registered,
      onBlur,
      id: ids[name],
      errors: fieldMessages(name),
      hint,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
    };
  };

  return (
    // POST: a submit the browser makes itself, before any script of the page runs, never puts a
    // field in the address (the server answers it with the page again).
    <form
      ref={formRef}
      className="form"
      method="post"
      noValidate
      {...{ [HELD_SUBMIT_ATTRIBUTE]: '' }}
      onFocus={start}
      onInput={start}
      onSubmit={(event) => {
        sentProof.current = filledProof(event.currentTarget, emailProof);
        void submit(event);
      }}
    >
      {lines.length > 0 && (
        <ErrorSummary lines={lines} ids={ids} focusKey={attempt}>
          {problem === 'email-in-use' && emailInUseHelp}
        </ErrorSummary>
      )}
      <TextField label={t('signUp.username')} autoComplete="nickname" {...field('username')} />
      {/* The address is the account's user name: a password manager saves it with the password. */}
      <TextField label={t('signUp.email')} type="email" inputMode="email" autoComplete="username" {...field('email')} />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
      {emailProof && <ProofField nonce={emailProof.nonce} />}
      {/* Without scripts the form cannot sign up (the sign-up runs in the browser): it says so. */}
      <NeedsScripts />
      {/* While the address is taken, the summary's way on is the page's one primary action. */}
      <SubmitButton
        label={t('signUp.submit')}
        working={t('signUp.working')}
        disabled={disabled}
        busy={isSubmitting}
        primary={problem !== 'email-in-use'}
      />
    </form>
  );
}

/**
 * The browser's proof of the address (the Email Verification Protocol): the hidden field the browser
 * fills, with its token bound to this nonce, as the form is sent.
 */
function ProofField({ nonce }: { nonce: string }) {
  return (
    <input
      type="hidden"
      name={PROOF_FIELD}
      autoComplete="email-verification-token"
      nonce={nonce}
      // Again once in the page: a page under a CSP header hides a nonce attribute as it is inserted
      // (it reads empty, the element keeps it); set after, it stays, for a browser that reads it.
      ref={(input) => input?.setAttribute('nonce', nonce)}
    />
  );
}

/**
 * The token the browser filled (as the form was sent, or shortly after: `browserToken`), with the
 * nonce the field carried (the element's: a nonce attribute reads empty once in the page) and this
 * tab's key; undefined when it filled none.
 */
async function filledProof(
  form: HTMLFormElement,
  binding: EmailProofBinding | null | undefined,
): Promise<FilledEmailProof | undefined> {
  const input = form.elements.namedItem(PROOF_FIELD);
  const address = form.elements.namedItem('email');
  if (!binding || !(input instanceof HTMLInputElement)) return undefined;
  const token = await browserToken(input, address instanceof HTMLInputElement ? address : null);
  if (!token) return undefined;
  const nonce = input.nonce || input.getAttribute('nonce') || binding.nonce;
  return { token, nonce, holder: binding.holder };
}

function useFieldIds(): Record<Field, string> {
  return { username: useId(), email: useId(), password: useId(), confirmPassword: useId() };
}

/** `onStart`, once the app has the form, the first time the returned function is called. */
function useStartOnce(ready: boolean, onStart: (() => void) | undefined): () => void {
  const started = useRef(false);
  return () => {
    if (!ready || started.current) return;
    started.current = true;
    onStart?.();
  };
}

/**
 * The form becomes the app's once `ready`: `fill` puts back what was typed before, `start` is told
 * if she had started on the server's form (a field typed into or focused), and a submit held
 * before now goes through, once.
 */
function useTakeOver(
  formRef: React.RefObject<HTMLFormElement | null>,
  ready: boolean,
  fill: () => void,
  start: () => void,
) {
  useEffect(() => {
    const form = formRef.current;
    if (ready) fill();
    const typed = form && [...form.querySelectorAll('input')].some((input) => input.value !== '');
    if (ready && (typed || form?.contains(document.activeElement))) start();
    if (ready && form && takeOverForm(form)) form.requestSubmit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes the form over
  }, [ready]);
}

function useHints(setField: (field: Field, value: string) => void) {
  const { t } = useTranslation();
  const email = useEmailSuggestion();
  const hints: Partial<Record<Field, ReactNode>> = {
    username: t('signUp.usernameHint'),
    email: email.suggestion && (
      <EmailSuggestion
        address={email.suggestion}
        onTake={() => {
          setField('email', email.suggestion ?? '');
          email.clear();
        }}
      />
    ),
    password: t('signUp.passwordHint'),
  };
  return { hints, checkEmail: email.check };
}

function EmailSuggestion({ address, onTake }: { address: string; onTake: () => void }) {
  const { t } = useTranslation();
  return (
    <span aria-live="polite">
      {t('signUp.emailSuggestion', { email: address })}{' '}
      <button type="button" className="field-hint-action" onClick={onTake}>
        {t('signUp.useSuggestion')}
      </button>
    </span>
  );
}
