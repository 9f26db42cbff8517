import { INPUT_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dayfocus/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldHint, FieldMessages } from './field-messages';
import type { FieldProps } from './text-field';

/**
 * `show` and `hide` name the button that shows or hides what is typed. `rules`, in Apple's
 * `passwordrules` syntax, tells a password manager what a password it suggests must be; React knows
 * no such property, and passes it on as written. No `maxlength`: the browser would cut a longer
 * paste silently, and the account would get a password its owner never typed; the form's rule says
 * the limit instead.
 */
export function PasswordField({
  label,
  show,
  hide,
  rules,
  id,
  errors,
  hint,
  ...input
}: FieldProps & { show: string; hide: string; rules?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={errors.length > 0 ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldMessages id={id} errors={errors} />
      <div className="password">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          {...{ passwordrules: rules }}
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

/**
 * The password rules of the shared schema in Apple's `passwordrules` syntax, so that a password a
 * password manager suggests passes them. Any character is allowed and none is required: no class.
 */
const PASSWORD_RULES = `minlength: ${PASSWORD_MIN_LENGTH}; maxlength: ${INPUT_MAX_LENGTH};`;

export function NewPasswordFields({
  password,
  confirm,
}: {
  password: Omit<FieldProps, 'label'>;
  confirm: Omit<FieldProps, 'label'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        label={t('signUp.password')}
        show={t('signUp.showPassword')}
        hide={t('signUp.hidePassword')}
        rules={PASSWORD_RULES}
      />
      <PasswordField
        {...confirm}
        label={t('signUp.confirmPassword')}
        show={t('signUp.showConfirmPassword')}
        hide={t('signUp.hideConfirmPassword')}
      />
    </>
  );
}
