import { yupResolver } from '@hookform/resolvers/yup';
import { INPUT_MAX_LENGTH } from '@dayfocus/contracts/limits';
import { signUpFormSchema, type SignUpForm as SignUpFormValues } from '@dayfocus/contracts/requests';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';

const FIELD_ORDER = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELD_ORDER)[number];

/** Every failing rule's message key, field by field in form order, each once. */
export function failingMessageKeys(errors: FieldErrors<SignUpFormValues>): string[] {
  const keys: string[] = [];
  for (const field of FIELD_ORDER) {
    const error = errors[field];
    if (!error) continue;
    const all = error.types ? Object.values(error.types).flat() : [error.message];
    for (const key of all) if (typeof key === 'string' && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

export type SubmitProblem = 'email-in-use' | 'network' | 'failed' | null;

/** What a valid form hands on: every field present. */
export type ValidSignUp = Required<SignUpFormValues>;

interface Props {
  disabled: boolean;
  /**
   * False while the server's copy of the page waits for the app (default true): the fields and
   * the submit button are disabled, so that nothing typed is lost when the app takes the fields
   * over, and no submit (nor Enter in a field) can post the form without the app.
   */
  ready?: boolean;
  /** Runs the sign-up; resolves to the problem to show, or null when it went on elsewhere. */
  onSubmit: (values: ValidSignUp) => Promise<SubmitProblem>;
}

/**
 * The email sign-up form: every rule (docs/architecture.md, "The screens") is checked at once (the shared schema
 * the server uses too) and every failing message is shown together in one alert.
 */
export function SignUpForm({ disabled, ready = true, onSubmit }: Props) {
  const { t } = useTranslation();
  const alertId = useId();
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<SignUpFormValues>({
    resolver: yupResolver(signUpFormSchema),
    criteriaMode: 'all',
    // Focus goes to the alert that lists every problem, not to the first field.
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const messages = failingMessageKeys(errors).map((key) => t(key));
  if (problem === 'email-in-use') messages.push(t('signUp.emailInUse'));
  if (problem === 'network') messages.push(t('app.networkError'));
  if (problem === 'failed') messages.push(t('app.genericError'));

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      setAttempt((n) => n + 1);
      const outcome = await onSubmit({
        username: values.username ?? '',
        email: values.email ?? '',
        password: values.password ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      setProblem(outcome);
    },
    () => {
      setProblem(null);
      setAttempt((n) => n + 1);
    },
  );

  const field = (name: Field) => ({
    ...form.register(name),
    disabled: !ready,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? alertId : undefined,
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {messages.length > 0 && (
        <div id={alertId}>
          <Alert focusKey={attempt}>
            <ul className="alert-list">
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      <TextField label={t('signUp.username')} autoComplete="nickname" {...field('username')} />
      <TextField label={t('signUp.email')} type="email" inputMode="email" autoComplete="email" {...field('email')} />
      <PasswordField
        label={t('signUp.password')}
        show={t('signUp.showPassword')}
        hide={t('signUp.hidePassword')}
        {...field('password')}
      />
      <PasswordField
        label={t('signUp.confirmPassword')}
        show={t('signUp.showConfirmPassword')}
        hide={t('signUp.hideConfirmPassword')}
        {...field('confirmPassword')}
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={disabled || !ready || isSubmitting}
        aria-busy={isSubmitting}
      >
        {isSubmitting && <span className="spinner spinner-inline" aria-hidden="true" />}
        {isSubmitting ? t('signUp.working') : t('signUp.submit')}
      </button>
    </form>
  );
}

type InputProps = React.ComponentPropsWithRef<'input'> & { label: string };

function TextField({ label, ...input }: InputProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
    </div>
  );
}

function PasswordField({ label, show, hide, ...input }: InputProps & { show: string; hide: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={INPUT_MAX_LENGTH}
          {...input}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-label={visible ? hide : show}
          disabled={input.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
