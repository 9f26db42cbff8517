import type { FinishSignUpAnswer } from '@dayfocus/contracts/activation-functions';
import { signUpFormSchema } from '@dayfocus/contracts/requests';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { ActionLink } from '@/components/action-link';
import { Alert } from '@/components/alert';
import { Loader } from '@/components/loader';
import { isNetworkError } from '@/lib/errors';
import { HELD_SUBMIT_ATTRIBUTE, takeOverForm } from '@/lib/held-submit';
import { pageTakenOver } from '@/lib/taken-over';
import {
  UnusableFinishLinkError,
  useFinishedBeforeQuery,
  useFinishLinkAddress,
  useFinishSignUp,
} from '../api/finish-sign-up';
import { NewPasswordFields } from '../../shared/components/password-field';
import { NeedsScripts, SubmitButton } from '../../shared/components/submit-button';

const passwordsSchema = signUpFormSchema.pick(['password', 'confirmPassword']);

type PasswordName = 'password' | 'confirmPassword';
type Passwords = Record<PasswordName, string>;
type Problems = Partial<Record<PasswordName, string[]>>;

/** The two fields as the form was sent (the page's own inputs, typed before the app or after). */
function passwordsOf(form: HTMLFormElement): Passwords {
  const data = new FormData(form);
  return { password: String(data.get('password') ?? ''), confirmPassword: String(data.get('confirmPassword') ?? '') };
}

function problemsOf(values: Passwords): Problems {
  try {
    passwordsSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems: Problems = {};
    for (const inner of error.inner) {
      const field = inner.path as keyof Problems;
      problems[field] = [...new Set([...(problems[field] ?? []), inner.message])];
    }
    return problems;
  }
}

/**
 * On the inviter's sign-up page with the mail's `oobCode`: `undefined` while it is not known (the
 * server's page, drawn from the link's query mark: the code is in the fragment), `null` for a link
 * that lost it. The fields take typing from the first paint and the app keeps what was typed (they
 * are the page's, read as the form is sent); a submit before the app is held and made once it has
 * the form (lib/held-submit.ts). `onFinished` runs once the server has finished the sign-up and
 * this tab is signed in.
 */
export function FinishSignUpForm({
  code,
  signUpAgain,
  onFinished,
}: {
  code: string | null | undefined;
  signUpAgain: string;
  /** `before`: the link opened again after she finished, with the server's answer (no session here). */
  onFinished: (account: FinishSignUpAnswer, before?: true) => void;
}) {
  const { t, i18n } = useTranslation();
  const address = useFinishLinkAddress(code ?? undefined);
  const finish = useFinishSignUp();
  const unusable = code === null || address.data === null || finish.error instanceof UnusableFinishLinkError;
  const asking = useFinishedBefore(unusable && code ? code : undefined, onFinished);
  const ids = { password: useId(), confirmPassword: useId() };
  const [problems, setProblems] = useState<Problems>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const formRef = useHeldSubmit(code !== undefined);

  if (unusable) {
    // Before "expired": whether the link finished her sign-up already, then on to her welcome page.
    return asking ? <Loader /> : <UnusableLink signUpAgain={signUpAgain} />;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code) return; // the server's page holds its submit until the app knows the code
    const values = passwordsOf(event.currentTarget);
    setAttempt((n) => n + 1);
    const found = problemsOf(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // Working from the tap (a submit held since the server's page waits for the language she chose,
    // takeover/page.tsx) until the welcome page comes.
    setSending(true);
    await pageTakenOver();
    const answer = await finish
      .mutateAsync({ resetCode: code, password: values.password, language: i18n.language })
      .catch(() => null);
    if (answer) onFinished(answer);
    else setSending(false);
  }

  const field = (name: PasswordName) => passwordField(name, ids[name], problems[name] ?? [], t);
  const failed = finish.isError && !(finish.error instanceof UnusableFinishLinkError);

  return (
    // POST: a submit the browser makes itself, before any script of the page runs, never puts a
    // password in the address (the server answers it with the page again).
    <form
      ref={formRef}
      className="form"
      method="post"
      noValidate
      {...{ [HELD_SUBMIT_ATTRIBUTE]: '' }}
      onSubmit={(event) => void submit(event)}
    >
      {failed && (
        <Alert focusKey={attempt}>
          {isNetworkError(finish.error) ? t('signUp.finishLinkFailed') : t('signUp.finishFailed')}
        </Alert>
      )}
      <p className="lead">{t('signUp.finishLead')}</p>
      {/* The address comes once the app has read the link: its one line is kept from the first paint. */}
      <p className="finish-address">{address.data ?? '\u00a0'}</p>
      {/* The address is the account's user name: a password manager saves the new password with it. */}
      <input type="hidden" name="email" autoComplete="username" value={address.data ?? ''} readOnly />
      <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} />
      {/* Without scripts the link cannot finish (its code is the page's to read): it says so. */}
      <NeedsScripts />
      <SubmitButton
        label={t('signUp.finishSubmit')}
        working={t('signUp.finishWorking')}
        busy={sending || finish.isPending}
      />
    </form>
  );
}

/**
 * Whether the server is asked, or has answered, that the link (`code`, once Auth no longer takes
 * it) finished her sign-up already: then on with its answer (`onFinished(answer, true)`).
 */
function useFinishedBefore(code: string | undefined, onFinished: (answer: FinishSignUpAnswer, before: true) => void) {
  const { i18n } = useTranslation();
  const before = useFinishedBeforeQuery(code, i18n.language);
  const done = before.data;
  useEffect(() => {
    if (done) onFinished(done, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the server's answer
  }, [done]);
  return Boolean(done) || (code !== undefined && before.isPending);
}

/** The form, which becomes the app's once `ready` (the code known): a submit held before then goes through, once. */
function useHeldSubmit(ready: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (ready && form && takeOverForm(form)) form.requestSubmit();
  }, [ready]);
  return formRef;
}

function passwordField(name: PasswordName, id: string, problems: string[], t: (key: string) => string) {
  const errors = problems.map((key) => t(key));
  const hint = name === 'password' ? t('signUp.passwordHint') : undefined;
  const described = [hint ? `${id}-hint` : '', errors.length > 0 ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    name,
    errors,
    hint,
    'aria-invalid': errors.length > 0 ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  };
}

/** A link Auth no longer takes (expired, used): the way back to the form, where the same address gets a new one. */
function UnusableLink({ signUpAgain }: { signUpAgain: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert>{t('signUp.finishUnusable')}</Alert>
      <ActionLink to={signUpAgain} className="button button-primary">
        {t('signUp.signUpAgain')}
      </ActionLink>
    </>
  );
}
