import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';

/** The mail's code has 6 digits (functions' mail-codes.ts); the mail shows them in one piece. */
const CODE_DIGITS = 6;

/**
 * The code as the server takes it: the digits alone, without the spaces, hyphens or dots a mail
 * app's copy or a person's typing puts between them. Digits of another script (a Devanagari
 * keyboard's) stay: the server reads them.
 */
function codeDigits(typed: string): string {
  return typed.replace(/[\s\-.\u00b7]/gu, '');
}

const codeSchema = yup.object({
  code: yup
    .string()
    .default('')
    .transform((value: string) => codeDigits(value))
    .matches(new RegExp(`^\\p{Nd}{${CODE_DIGITS}}$`, 'u'), 'confirmEmail.codeShape'),
});

type CodeForm = yup.InferType<typeof codeSchema>;

/**
 * One field, checked on submit: a code that cannot be one (too short, letters) is told at once,
 * without a call; `confirm` answers the translation key of what went wrong, or null when the code
 * confirmed (the page moves on). After a failure the field takes focus with its text selected, so
 * that the next code replaces it.
 */
export function useMailCodeForm(confirm: (code: string) => Promise<string | null>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useForm<CodeForm>({
    resolver: yupResolver(codeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    // No default value: the field the app takes over keeps what was typed into the server's page.
  });
  const { errors, isSubmitting } = form.formState;
  const messageKey = errors.code?.message ?? problem;

  // After each failed submit, once its message shows (the form's errors come a render after the count).
  useEffect(() => {
    if (attempt > 0 && messageKey) form.setFocus('code', { shouldSelect: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form's methods are stable
  }, [attempt, messageKey]);

  const submit = form.handleSubmit(
    async ({ code }) => {
      setProblem(null);
      const failed = await confirm(code);
      setProblem(failed);
      if (failed) setAttempt((n) => n + 1);
    },
    () => {
      setProblem(null);
      setAttempt((n) => n + 1);
    },
  );
  const register = () => form.register('code', { onChange: () => setProblem(null) });
  return { messageKey, isSubmitting, register, submit };
}
