import { yupResolver } from '@hookform/resolvers/yup';
import { INPUT_MAX_LENGTH } from '@dayfocus/contracts/limits';
import { signUpFormSchema, type SignUpForm as SignUpFormValues } from '@dayfocus/contracts/requests';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/alert';

const FIELD_ORDER = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELD_ORDER)[number];

/** Every failing rule's message key of one field, each once. */
function fieldMessageKeys(errors: FieldErrors<SignUpFormValues>, field: Field): string[] {
  const error = errors[field];
  if (!error) return [];
  const all = error.types ? Object.values(error.types).flat() : [error.message];
  return [...new Set(all.filter((key): key is string => typeof key === 'string'))];
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
  /** Under "already registered" in the summary: the way on for the address's owner. */
  emailInUseHelp?: ReactNode;
}

/** One line of the summary: its message, and the field it is about (none for a failure of the service). */
interface SummaryLine {
  message: string;
  field?: Field;
}

/**
 * The email sign-up form, with the GOV.UK Design System's error pattern: every rule
 * (docs/architecture.md, "The screens") is checked at once (the shared schema the server uses
 * too); on submit every failing message is listed in one summary alert, which takes focus, each
 * line a link to its field, and each message also stands beside its field (`aria-invalid`,
 * `aria-describedby`). A field's message goes as soon as the field is valid; none appears while
 * typing.
 */
export function SignUpForm({ disabled, ready = true, onSubmit, emailInUseHelp }: Props) {
  const { t } = useTranslation();
  const ids: Record<Field, string> = {
    username: useId(),
    email: useId(),
    password: useId(),
    confirmPassword: useId(),
  };
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<SignUpFormValues>({
    resolver: yupResolver(signUpFormSchema),
    criteriaMode: 'all',
    // Focus goes to the summary that lists every problem, not to the first field.
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  /** A field's messages: its failing rules, and for the email, "already registered". */
  const fieldMessages = (field: Field): string[] => {
    const messages = fieldMessageKeys(errors, field).map((key) => t(key));
    if (field === 'email' && problem === 'email-in-use') messages.push(t('signUp.emailInUse'));
    return messages;
  };
  const lines: SummaryLine[] = FIELD_ORDER.flatMap((field) =>
    fieldMessages(field).map((message) => ({ message, field })),
  );
  if (problem === 'network') lines.push({ message: t('app.networkError') });
  if (problem === 'failed') lines.push({ message: t('app.genericError') });

  /**
   * After a change, the fields already in error are checked again (the confirmation with the
   * password): a message goes, or changes, at once; a field without one gets none before submit.
   */
  async function recheck(field: Field) {
    if (field === 'email' && problem === 'email-in-use') setProblem(null);
    const related: Field[] = field === 'password' ? ['password', 'confirmPassword'] : [field];
    const shown = related.filter((name) => form.getFieldState(name).error);
    if (shown.length > 0) await form.trigger(shown);
  }

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

  const field = (name: Field) => {
    const invalid = fieldMessages(name).length > 0;
    return {
      ...form.register(name, { onChange: () => void recheck(name) }),
      id: ids[name],
      disabled: !ready,
      errors: fieldMessages(name),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? `${ids[name]}-error` : undefined,
    };
  };

  /** A summary line's link: to its field, focused, with its label in view (GOV.UK's error summary). */
  function goTo(event: React.MouseEvent, name: Field) {
    event.preventDefault();
    // The input's scroll margin (styles.css) brings its label and message into view with it.
    document.getElementById(ids[name])?.focus();
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {lines.length > 0 && (
        <Alert focusKey={attempt}>
          <ul className="alert-list">
            {lines.map(({ message, field: name }) => (
              <li key={message}>
                {name ? (
                  <a href={`#${ids[name]}`} onClick={(event) => goTo(event, name)}>
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
          {problem === 'email-in-use' && emailInUseHelp}
        </Alert>
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

type InputProps = React.ComponentPropsWithRef<'input'> & { label: string; id: string; errors: string[] };

/** A field's messages, between its label and its input (GOV.UK), named by the input's `aria-describedby`. */
function FieldMessages({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <p className="field-error" id={`${id}-error`}>
      {errors.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </p>
  );
}

function TextField({ label, id, errors, ...input }: InputProps) {
  return (
    <div className={errors.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} errors={errors} />
      <input id={id} className="input" {...input} />
    </div>
  );
}

function PasswordField({ label, show, hide, id, errors, ...input }: InputProps & { show: string; hide: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={errors.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} errors={errors} />
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
