import { yupResolver } from '@hookform/resolvers/yup';
import { signUpFormSchema, type SignUpForm as SignUpFormValues } from '@dayfocus/contracts/requests';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const FIELD_ORDER = ['username', 'email', 'password', 'confirmPassword'] as const;
export type Field = (typeof FIELD_ORDER)[number];

/**
 * `busy`: Auth refused a new account from this network for now (its limit of new accounts an hour
 * per IP address, which a carrier's shared address meets when many people join at once). `closed`:
 * the inviter closed her invitation after its page was drawn (docs/joins-inviter-side.md K).
 * `replaced`: she replaced the link, and this page came by her old one (docs/inviter-view.md).
 */
export type SubmitProblem = 'email-in-use' | 'network' | 'busy' | 'closed' | 'replaced' | 'failed' | null;

export type ValidSignUp = Required<SignUpFormValues>;

/** What the summary says of a failure of the service (no field to fix). */
const FAILURE_KEYS = {
  network: 'app.networkError',
  busy: 'signUp.tooManySignUps',
  closed: 'invitation.signUpClosed',
  replaced: 'invitation.signUpReplaced',
  failed: 'app.genericError',
} as const;

/** No `field` for a failure of the service. */
export interface SummaryLine {
  message: string;
  field?: Field;
}

function fieldMessageKeys(errors: FieldErrors<SignUpFormValues>, field: Field): string[] {
  const error = errors[field];
  if (!error) return [];
  const all = error.types ? Object.values(error.types).flat() : [error.message];
  return [...new Set(all.filter((key): key is string => typeof key === 'string'))];
}

/** The form's values once the schema has passed them: every field a string. */
function filled(values: SignUpFormValues): ValidSignUp {
  return {
    username: values.username ?? '',
    email: values.email ?? '',
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
  };
}

/**
 * Every rule of the shared schema (the server's too) is checked at once, on submit. `attempt`
 * counts the submits: the summary takes focus on each.
 */
export function useSignUpForm(
  onSubmit: (values: ValidSignUp) => Promise<SubmitProblem>,
  /** Told the name and address as they are typed or taken, for the way back to the form (never the password). */
  onTyped?: (typed: { username: string; email: string }) => void,
) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<SignUpFormValues>({
    resolver: yupResolver(signUpFormSchema),
    criteriaMode: 'all',
    // Focus goes to the summary that lists every problem, not to the first field.
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // No default values: a field the app takes over keeps what was typed into the server's page
    // before (React Hook Form reads the input's value when it has no default of its own).
  });
  const { errors, isSubmitting } = form.formState;

  const fieldMessages = (field: Field): string[] => {
    const messages = fieldMessageKeys(errors, field).map((key) => t(key));
    if (field === 'email' && problem === 'email-in-use') messages.push(t('signUp.emailInUse'));
    return messages;
  };
  const lines: SummaryLine[] = FIELD_ORDER.flatMap((field) =>
    fieldMessages(field).map((message) => ({ message, field })),
  );
  const failure = problem && problem !== 'email-in-use' ? FAILURE_KEYS[problem] : null;
  if (failure) lines.push({ message: t(failure) });

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
      const outcome = await onSubmit(filled(values));
      setProblem(outcome);
    },
    () => {
      setProblem(null);
      setAttempt((n) => n + 1);
    },
  );

  function changed(field: Field) {
    if (field === 'username' || field === 'email')
      onTyped?.({ username: form.getValues('username') ?? '', email: form.getValues('email') ?? '' });
    void recheck(field);
  }

  const register = (field: Field) => form.register(field, { onChange: () => changed(field) });

  /** As if typed (the suggested address). */
  function setField(field: Field, value: string) {
    form.setValue(field, value, { shouldDirty: true });
    changed(field);
  }

  /** With what was typed before: the way back to the form. */
  function fillEmpty(values: Partial<Record<Field, string>>) {
    for (const [field, value] of Object.entries(values) as [Field, string][]) {
      if (value && !form.getValues(field)) form.setValue(field, value);
    }
  }

  return { problem, attempt, isSubmitting, fieldMessages, lines, register, setField, fillEmpty, submit };
}
