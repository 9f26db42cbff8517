import { INPUT_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dayfocus/contracts/limits';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignUpForm, type Field, type SubmitProblem, type ValidSignUp } from '../use-sign-up-form';
import { ErrorSummary } from './error-summary';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

/**
 * The password rules of the shared schema in Apple's `passwordrules` syntax, so that a password a
 * password manager suggests passes them. Any character is allowed and none is required: no class.
 */
const PASSWORD_RULES = `minlength: ${PASSWORD_MIN_LENGTH}; maxlength: ${INPUT_MAX_LENGTH};`;

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

/**
 * The email sign-up form, with the GOV.UK Design System's error pattern: every rule
 * (docs/architecture.md, "The screens") is checked at once (the shared schema the server uses
 * too: ../use-sign-up-form.ts); on submit every failing message is listed in one summary alert,
 * which takes focus, each line a link to its field, and each message also stands beside its
 * field (`aria-invalid`, `aria-describedby`). A field's message goes as soon as the field is
 * valid; none appears while typing.
 */
export function SignUpForm({ disabled, ready = true, onSubmit, emailInUseHelp }: Props) {
  const { t } = useTranslation();
  const ids: Record<Field, string> = {
    username: useId(),
    email: useId(),
    password: useId(),
    confirmPassword: useId(),
  };
  const { problem, attempt, isSubmitting, fieldMessages, lines, register, submit } = useSignUpForm(onSubmit);

  const field = (name: Field) => {
    const invalid = fieldMessages(name).length > 0;
    return {
      ...register(name),
      id: ids[name],
      disabled: !ready,
      errors: fieldMessages(name),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? `${ids[name]}-error` : undefined,
    };
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      {lines.length > 0 && (
        <ErrorSummary lines={lines} ids={ids} focusKey={attempt}>
          {problem === 'email-in-use' && emailInUseHelp}
        </ErrorSummary>
      )}
      <TextField label={t('signUp.username')} autoComplete="nickname" {...field('username')} />
      {/* The address is the account's user name: a password manager saves it with the password. */}
      <TextField label={t('signUp.email')} type="email" inputMode="email" autoComplete="username" {...field('email')} />
      <PasswordField
        label={t('signUp.password')}
        show={t('signUp.showPassword')}
        hide={t('signUp.hidePassword')}
        rules={PASSWORD_RULES}
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
