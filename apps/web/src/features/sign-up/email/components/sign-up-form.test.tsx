import { act, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, createI18n } from '@/lib/i18n';
import { createConfig } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import type { SubmitProblem, ValidSignUp } from '../hooks/use-sign-up-form';
import type { EmailProofBinding } from '../../email-proof/hooks/use-email-proof';
import { SignUpForm, type FilledEmailProof } from './sign-up-form';

const valid = {
  username: 'Mira Nair',
  email: 'mira@example.com',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};
type Values = typeof valid;

async function renderForm(
  onSubmit: (values: ValidSignUp, proof?: FilledEmailProof) => Promise<SubmitProblem> = async () => null,
  language = 'en',
  emailProof?: EmailProofBinding,
  config = createConfig(),
) {
  const view = await renderWithProviders(<SignUpForm disabled={false} onSubmit={onSubmit} emailProof={emailProof} />, {
    language,
    config,
  });
  const fields = {
    username: screen.getByLabelText(language === 'en' ? 'User name' : 'उपयोगकर्ता नाम'),
    email: screen.getByLabelText(language === 'en' ? 'Email' : 'ईमेल'),
    password: screen.getByLabelText(language === 'en' ? 'Password' : 'पासवर्ड'),
    confirmPassword: screen.getByLabelText(language === 'en' ? 'Confirm password' : 'पासवर्ड की पुष्टि करें'),
  };
  async function fill(values: Partial<Values>) {
    for (const [name, value] of Object.entries(values) as [keyof Values, string][]) {
      await view.user.clear(fields[name]);
      if (value) await view.user.type(fields[name], value);
    }
  }
  const submit = () =>
    view.user.click(screen.getByRole('button', { name: language === 'en' ? 'Sign up' : 'साइन अप करें' }));
  return { ...view, fields, fill, submit };
}

function alertMessages(): string[] {
  return within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('the email sign-up form', () => {
  // The original specification's validation rules, one at a time: the other fields are valid.
  it.each<[string, Partial<Values>, string | string[]]>([
    ['a blank user name', { username: '' }, 'Please enter username'],
    ['a user name of spaces', { username: '   ' }, 'Please enter username'],
    ['a blank email', { email: '' }, 'Please enter email'],
    ['an email without a domain', { email: 'mira@' }, 'Please enter valid email'],
    ['an email without an @', { email: 'mira.example.com' }, 'Please enter valid email'],
    ['an email with a one-letter suffix', { email: 'mira@example.c' }, 'Please enter valid email'],
    ['an email with a space in it', { email: 'mi ra@example.com' }, 'Please enter valid email'],
    // The confirmation still holds the old password, so the two now differ as well.
    ['a blank password', { password: '' }, ['Please enter password', 'Both the passwords must match']],
    [
      'a blank password and confirmation',
      { password: '', confirmPassword: '' },
      ['Please enter password', 'Please enter your password again'],
    ],
    [
      'a password under 8 characters',
      { password: 'abc12', confirmPassword: 'abc12' },
      'Password must be at least 8 characters long',
    ],
    [
      'a password of 8 characters only with the spaces at its ends',
      { password: '  abc12  ', confirmPassword: '  abc12  ' },
      'Spaces at the start or end do not count: the password needs at least 8 other characters',
    ],
    [
      'a password of eight spaces',
      { password: ' '.repeat(8), confirmPassword: ' '.repeat(8) },
      'Spaces at the start or end do not count: the password needs at least 8 other characters',
    ],
    ['a blank confirm password', { confirmPassword: '' }, 'Please enter your password again'],
    ['passwords that differ', { confirmPassword: 'correct-horsE' }, 'Both the passwords must match'],
  ])('refuses %s with exactly its message', async (_case, change, expected) => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit);
    await form.fill({ ...valid, ...change });
    await form.submit();
    expect(alertMessages()).toEqual(typeof expected === 'string' ? [expected] : expected);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts the addresses docs/deviations.md widens the suffix rule for', async () => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit);
    for (const email of ['mira@example.info', 'mira@mail.example.email', 'mira@example.co']) {
      await form.fill({ ...valid, email });
      await form.submit();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
    expect(onSubmit).toHaveBeenCalledTimes(3);
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: 'mira@example.co', username: 'Mira Nair' }),
    );
  });

  it('shows every failing rule at once, one per line in one alert, and moves focus to it', async () => {
    const form = await renderForm();
    await form.submit();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alertMessages()).toEqual([
      'Please enter username',
      'Please enter email',
      'Please enter password',
      'Please enter your password again',
    ]);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(form.fields.username).toHaveAttribute('aria-invalid', 'true');

    await form.fill({ username: 'Mira', email: 'mira@', password: 'short', confirmPassword: 'shorter' });
    await form.submit();
    expect(alertMessages()).toEqual([
      'Please enter valid email',
      'Password must be at least 8 characters long',
      'Both the passwords must match',
    ]);
    expect(form.fields.username).not.toHaveAttribute('aria-invalid');
  });

  it('also shows each message beside its field, which names it as its description', async () => {
    const form = await renderForm();
    await form.fill({ username: '', email: 'mira@', password: 'short', confirmPassword: 'shorter' });
    await form.submit();
    // After its hint, where the field has one: what it is for and its rules come first.
    expect(form.fields.username).toHaveAccessibleDescription(
      'Your friends see this name in Dayfocus. Please enter username',
    );
    expect(form.fields.email).toHaveAccessibleDescription('Please enter valid email');
    expect(form.fields.password).toHaveAccessibleDescription(
      '8 to 20 characters. Spaces at the start or end do not count. Password must be at least 8 characters long',
    );
    expect(form.fields.confirmPassword).toHaveAccessibleDescription('Both the passwords must match');
    // Beside the field, outside the summary: twice on the page in all.
    expect(screen.getAllByText('Please enter valid email')).toHaveLength(2);
  });

  it("links each summary line to its field, and a link's use focuses the field", async () => {
    const form = await renderForm();
    await form.submit();
    const link = within(screen.getByRole('alert')).getByRole('link', { name: 'Please enter email' });
    expect(link).toHaveAttribute('href', `#${form.fields.email.id}`);
    await form.user.click(link);
    expect(form.fields.email).toHaveFocus();
  });

  it('takes a message away as soon as its field is valid, beside it and from the summary, and adds none while typing', async () => {
    const form = await renderForm();
    await form.fill({ ...valid, username: '', password: '', confirmPassword: 'correct-horse' });
    await form.submit();
    expect(alertMessages()).toEqual([
      'Please enter username',
      'Please enter password',
      'Both the passwords must match',
    ]);

    await form.user.type(form.fields.username, 'Mira');
    expect(alertMessages()).toEqual(['Please enter password', 'Both the passwords must match']);
    expect(form.fields.username).not.toHaveAttribute('aria-invalid');
    expect(form.fields.username).toHaveAccessibleDescription('Your friends see this name in Dayfocus.');
    // A valid email made invalid gets no message before the next submit.
    await form.user.type(form.fields.email, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(form.fields.email).not.toHaveAttribute('aria-invalid');

    // The password now matches the confirmation: both of their messages go.
    await form.user.type(form.fields.password, 'correct-horse');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(form.fields.confirmPassword).not.toHaveAttribute('aria-invalid');
  });

  it('says so when Auth takes no new account from this network for now', async () => {
    const form = await renderForm(async () => 'busy');
    await form.fill(valid);
    await form.submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many new accounts were made from your network in the last hour.');
    expect(alert).not.toHaveTextContent('Something went wrong');
  });

  it('takes "already registered" away once the address is changed, and shows the way on with it', async () => {
    const view = await renderWithProviders(
      <SignUpForm
        disabled={false}
        onSubmit={async () => 'email-in-use'}
        emailInUseHelp={<a href="/app-link/x">Open the app with this invitation</a>}
      />,
    );
    const email = screen.getByLabelText('Email');
    for (const [label, value] of [
      ['User name', valid.username],
      ['Email', valid.email],
      ['Password', valid.password],
      ['Confirm password', valid.confirmPassword],
    ] as const)
      await view.user.type(screen.getByLabelText(label), value);
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Open the app with this invitation' })).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This email is already registered.');
    await view.user.type(email, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('submits with Enter from any field', async () => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit);
    await form.fill(valid);
    await form.user.type(form.fields.email, '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(valid);
  });

  it('shows and hides each password on its own', async () => {
    const form = await renderForm();
    await form.fill({ password: 'correct-horse' });
    const showPassword = screen.getByRole('button', { name: 'Show password' });
    expect(form.fields.password).toHaveAttribute('type', 'password');

    await form.user.click(showPassword);
    expect(form.fields.password).toHaveAttribute('type', 'text');
    expect(form.fields.password).toHaveValue('correct-horse');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show password' })).not.toBeInTheDocument();
    expect(form.fields.confirmPassword).toHaveAttribute('type', 'password');

    await form.user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(form.fields.confirmPassword).toHaveAttribute('type', 'text');
    await form.user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(form.fields.password).toHaveAttribute('type', 'password');
  });

  it("lets the phone's password manager save the new account", async () => {
    const form = await renderForm();
    expect(form.fields.username).toHaveAttribute('autocomplete', 'nickname');
    expect(form.fields.email).toHaveAttribute('type', 'email');
    expect(form.fields.email).toHaveAttribute('autocomplete', 'username');
    expect(form.fields.password).toHaveAttribute('autocomplete', 'new-password');
    // Apple's syntax for our rules (8 to 20 characters, any of them), so that a suggested password passes.
    expect(form.fields.password).toHaveAttribute('passwordrules', 'minlength: 8; maxlength: 20;');
    expect(form.fields.confirmPassword).toHaveAttribute('autocomplete', 'new-password');
    // A real form with a submit button, and nothing that tells a password manager to keep away.
    const formElement = (form.fields.password as HTMLInputElement).form;
    if (!formElement) throw new Error('the password field is in no form');
    expect(within(formElement).getByRole('button', { name: 'Sign up' })).toHaveAttribute('type', 'submit');
    expect(formElement).not.toHaveAttribute('autocomplete', 'off');
    expect(formElement.querySelectorAll('[autocomplete="off"], [data-lpignore], [readonly]')).toHaveLength(0);
  });

  /** The form as the server renders it, before the app: parsed as the browser would. */
  async function serverRendered(): Promise<Document> {
    const i18n = await createI18n('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <SignUpForm disabled={false} ready={false} onSubmit={async () => null} />
      </I18nextProvider>,
    );
    return new DOMParser().parseFromString(html, 'text/html');
  }

  it('keeps those hints in the HTML the server renders', async () => {
    const page = await serverRendered();
    const inputs = [...page.querySelectorAll('input')].map((input) => [
      input.getAttribute('type'),
      input.getAttribute('autocomplete'),
      input.getAttribute('passwordrules'),
    ]);
    expect(inputs).toEqual([
      [null, 'nickname', null],
      ['email', 'username', null],
      ['password', 'new-password', 'minlength: 8; maxlength: 20;'],
      ['password', 'new-password', null],
    ]);
  });

  it('takes typing in the HTML the server renders, and posts (never a GET) if the browser submits it itself', async () => {
    const page = await serverRendered();
    expect(
      [...page.querySelectorAll('input, button[type="submit"]')].filter((e) => e.hasAttribute('disabled')),
    ).toEqual([]);
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.hasAttribute('data-held-submit')).toBe(true);
    // The button's words while a submit waits for the app, which the stylesheet shows then.
    expect(page.querySelector('button[type="submit"]')?.getAttribute('data-working')).toBe('Signing up…');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Sign up');
    // With scripts off the browser shows why the form cannot sign up.
    expect(page.querySelector('form noscript')?.textContent).toContain('Signing up needs JavaScript');
  });

  it('keeps every character typed in a password field, and says when there are over 20', async () => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit);
    await form.fill({ ...valid, password: 'a'.repeat(25), confirmPassword: 'a'.repeat(25) });
    expect(form.fields.password).toHaveValue('a'.repeat(25));
    expect(form.fields.confirmPassword).toHaveValue('a'.repeat(25));
    await form.submit();
    expect(alertMessages()).toEqual(['Password must be at most 20 characters long']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a spinner while working, then the duplicate-email message, and can be sent again', async () => {
    let finish: (problem: SubmitProblem) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<SubmitProblem>((resolve) => (finish = resolve)));
    const form = await renderForm(onSubmit);
    await form.fill(valid);
    await form.submit();

    const working = screen.getByRole('button', { name: 'Signing up…' });
    expect(working).toBeDisabled();
    expect(working).toHaveAttribute('aria-busy', 'true');
    await form.user.type(form.fields.confirmPassword, '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish('email-in-use');
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');
    expect(screen.getByRole('alert')).toHaveFocus();
    const again = screen.getByRole('button', { name: 'Sign up' });
    expect(again).toBeEnabled();
    expect(again).not.toHaveAttribute('aria-busy', 'true');
  });

  it('speaks Hindi when Hindi is chosen, validation messages included', async () => {
    const form = await renderForm(undefined, 'hi');
    await form.submit();
    expect(alertMessages()).toEqual([
      'कृपया उपयोगकर्ता नाम दर्ज करें',
      'कृपया ईमेल दर्ज करें',
      'कृपया पासवर्ड दर्ज करें',
      'कृपया पासवर्ड दोबारा दर्ज करें',
    ]);
    expect(screen.getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeInTheDocument();
  });

  it('switches the messages already shown when the language changes', async () => {
    const form = await renderForm();
    await form.fill({ ...valid, email: 'mira@' });
    await form.submit();
    expect(alertMessages()).toEqual(['Please enter valid email']);
    await act(() => changeLanguage(form.i18n, 'hi'));
    expect(alertMessages()).toEqual(['कृपया मान्य ईमेल दर्ज करें']);
    expect(screen.getByLabelText('ईमेल')).toHaveValue('mira@');
  });
});

describe("the e-mail form's field for the browser's proof of the address", () => {
  const binding: EmailProofBinding = { nonce: 'n'.repeat(43), holder: 'h'.repeat(32) };
  const proofField = () => document.querySelector<HTMLInputElement>('input[name="emailVerificationToken"]');

  const trialTags = () => document.head.querySelectorAll('meta[http-equiv="origin-trial"]');

  it('has none without a nonce, nor the origin-trial token', async () => {
    await renderForm(undefined, 'en', undefined, createConfig({ originTrialToken: 'trial-token' }));
    expect(proofField()).toBeNull();
    expect(trialTags()).toHaveLength(0);
  });

  it('puts the origin-trial token in the head once, with the field, where the config has one', async () => {
    const form = await renderForm(undefined, 'en', binding, createConfig({ originTrialToken: 'trial-token' }));
    expect([...trialTags()].map((tag) => tag.getAttribute('content'))).toEqual(['trial-token']);
    form.unmount();
    await renderForm(undefined, 'en', binding, createConfig({ originTrialToken: 'trial-token' }));
    expect(trialTags()).toHaveLength(1);
    trialTags().forEach((tag) => tag.remove());
  });

  it('is hidden, in the e-mail’s own form, with the nonce and the autofill token the draft names', async () => {
    await renderForm(undefined, 'en', binding);
    const field = proofField();
    expect(field).toHaveAttribute('type', 'hidden');
    expect(field).toHaveAttribute('autocomplete', 'email-verification-token');
    expect(field?.nonce || field?.getAttribute('nonce')).toBe(binding.nonce);
    expect(field?.form).toBe(screen.getByLabelText('Email').closest('form'));
    // The server's markup too: React writes both attributes as the browser reads them.
    const i18n = await createI18n('en');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <SignUpForm disabled={false} onSubmit={async () => null} emailProof={binding} />
      </I18nextProvider>,
    );
    const tag = /<input type="hidden"[^>]*>/.exec(html)?.[0] ?? '';
    // HTML's attribute names are case-insensitive: React's `autoComplete` is the browser's `autocomplete`.
    expect(tag.toLowerCase()).toContain('autocomplete="email-verification-token"');
    expect(tag).toContain(`nonce="${binding.nonce}"`);
    expect(tag).toContain('name="emailVerificationToken"');
  });

  it('hands on the token the browser filled as the form was sent, with its nonce and the tab’s key', async () => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit, 'en', binding);
    await form.fill(valid);
    const fill = (event: Event) => {
      if (event.target === proofField()?.form) (proofField() as HTMLInputElement).value = 'evt~kb';
    };
    window.addEventListener('submit', fill, { capture: true, once: true });
    await form.submit();
    expect(onSubmit).toHaveBeenCalledWith(valid, { token: 'evt~kb', nonce: binding.nonce, holder: binding.holder });
  });

  it('hands on no proof when the browser filled nothing', async () => {
    const onSubmit = vi.fn(async () => null);
    const form = await renderForm(onSubmit, 'en', binding);
    await form.fill(valid);
    await form.submit();
    expect(onSubmit).toHaveBeenCalledWith(valid);
  });
});
