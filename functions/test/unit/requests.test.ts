import { requestSchemaOf } from '@dayfocus/contracts/callables';
import { describe, expect, it } from 'vitest';
import { englishMessages, type MessageKey } from '@dayfocus/contracts/messages';
import { signUpFormSchema, validateRequest } from '@dayfocus/contracts/requests';

const validForm = { username: 'Ravi', email: 'ravi@example.in', password: 'longenough', confirmPassword: 'longenough' };

function formMessages(overrides: Partial<typeof validForm>): string[] {
  const result = validateRequest(signUpFormSchema, { ...validForm, ...overrides });
  return result.ok ? [] : result.problems.map((p) => englishMessages[p.message as MessageKey]);
}

describe('the email sign-up form', () => {
  it.each([
    ['user name blank', { username: '   ' }, ['Please enter username']],
    ['email blank', { email: '' }, ['Please enter email']],
    ['email without a suffix', { email: 'ravi@example' }, ['Please enter valid email']],
    ['email without an @', { email: 'ravi.example.in' }, ['Please enter valid email']],
    ['email with a one-letter suffix', { email: 'ravi@example.i' }, ['Please enter valid email']],
    [
      'password blank',
      { password: '', confirmPassword: '' },
      ['Please enter password', 'Please enter your password again'],
    ],
    [
      'password under 8',
      { password: 'short', confirmPassword: 'short' },
      ['Password must be at least 8 characters long'],
    ],
    [
      'password of 8 only with the spaces at its ends',
      { password: '  short  ', confirmPassword: '  short  ' },
      ['Spaces at the start or end do not count: the password needs at least 8 other characters'],
    ],
    [
      'password over 20, kept whole',
      { password: 'a'.repeat(21), confirmPassword: 'a'.repeat(21) },
      ['Password must be at most 20 characters long'],
    ],
    ['confirm password blank', { confirmPassword: '' }, ['Please enter your password again']],
    ['passwords differ', { confirmPassword: 'different1' }, ['Both the passwords must match']],
  ])('rejects %s with the spec message', (_rule, overrides, expected) => {
    expect(formMessages(overrides)).toEqual(expected);
  });

  it('accepts long top-level labels the old rule rejected', () => {
    for (const email of ['a@b.info', 'someone@mail.example.email', 'x@y.app', 'first.last+tag@sub.domain.co']) {
      expect(formMessages({ email })).toEqual([]);
    }
  });

  it('shows every failing rule at once, in form order', () => {
    expect(formMessages({ username: '', email: 'bad', password: 'short', confirmPassword: 'other' })).toEqual([
      'Please enter username',
      'Please enter valid email',
      'Password must be at least 8 characters long',
      'Both the passwords must match',
    ]);
  });

  it('reports all blanks together', () => {
    expect(formMessages({ username: '', email: '', password: '', confirmPassword: '' })).toEqual([
      'Please enter username',
      'Please enter email',
      'Please enter password',
      'Please enter your password again',
    ]);
  });

  it('accepts a valid form', () => {
    expect(validateRequest(signUpFormSchema, validForm)).toEqual({ ok: true, value: validForm });
  });

  it('rejects passwords over 20 characters', () => {
    const long = 'x'.repeat(21);
    expect(formMessages({ password: long, confirmPassword: long })).toEqual([
      'Password must be at most 20 characters long',
    ]);
  });
});

describe('callable request schemas', () => {
  it('take a well-formed request as it is', () => {
    expect(validateRequest(requestSchemaOf('getInviter'), { inviterId: 'abc' })).toEqual({
      ok: true,
      value: { inviterId: 'abc' },
    });
    expect(validateRequest(requestSchemaOf('activateAccount'), { uid: 'u1' })).toMatchObject({
      ok: true,
      value: { uid: 'u1' },
    });
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name: 'Mira' })).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a string', 'abc'],
    ['missing id', {}],
    ['a number id', { inviterId: 42 }],
    ['an empty id', { inviterId: '' }],
    ['an over-long id', { inviterId: 'a'.repeat(129) }],
    ['an unknown field', { inviterId: 'abc', extra: true }],
  ])('getInviter rejects %s', (_case, input) => {
    expect(validateRequest(requestSchemaOf('getInviter'), input).ok).toBe(false);
  });

  it.each([
    ['markup', '<b>Ravi</b>'],
    ['a control character', 'Ra\u0007vi'],
    ['an empty name', ''],
    ['a blank name', '   '],
    ['an over-long name', 'n'.repeat(81)],
    ['a number', 7],
  ])('registerInvitee rejects a name with %s', (_case, name) => {
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name }).ok).toBe(false);
  });
});

describe('typed names are measured by what they show', () => {
  it('refuses a name of invisible characters alone as no name', () => {
    const result = validateRequest(requestSchemaOf('registerInvitee'), {
      inviterId: 'i',
      name: '\u200b\u200d\ufeff\u200e',
    });
    expect(result).toEqual({ ok: false, problems: [{ path: 'name', message: 'validation.usernameRequired' }] });
  });

  // Default ignorable characters that are not format characters: the combining grapheme joiner,
  // emoji and standardized variation selectors, a Khmer inherent vowel, Mongolian free variation
  // selectors, a supplementary variation selector, the Hangul fillers.
  it.each([
    ['the combining grapheme joiner', '\u034f'],
    ['variation selectors', '\ufe0f\ufe00 \ufe0e'],
    ['a Khmer inherent vowel', '\u17b4\u17b5'],
    ['Mongolian free variation selectors', '\u180b\u180c\u180d'],
    ['a supplementary variation selector', '\u{e0100}\u{e01ef}'],
    ['a Hangul filler', '\u115f\u1160\uffa0'],
    ['all of them with spaces', ' \u034f \ufe0f \u17b4 \u180b '],
  ])('refuses a name of %s as no name', (_case, name) => {
    const result = validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name });
    expect(result).toEqual({ ok: false, problems: [{ path: 'name', message: 'validation.usernameRequired' }] });
  });

  it('counts the 80 characters after the invisible ones are gone', () => {
    const padded = `${'\u200b'.repeat(60)}${'m'.repeat(80)}`;
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name: padded }).ok).toBe(true);
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name: 'm'.repeat(81) }).ok).toBe(
      false,
    );
  });
});

describe('typed names carry no links (docs/joins.md, G)', () => {
  it.each([
    'Win at evil.com',
    'www.example.org',
    'https://x.test',
    'mira@example.com',
    'win.app',
    'evil\u200b.com',
    '10.0.0.1',
    // Dots that phones and browsers read as a domain's dot (IDNA maps them to U+002E).
    'evil\u3002com',
    'win\uff0eapp',
    'pay\uff61in',
    'mira@example\u3002com',
    'www\u3002example\u3002org',
    // Full-width letters, and an invisible character in the middle of the address.
    '\uff45\uff56\uff49\uff4c\uff0e\uff43\uff4f\uff4d',
    'evil\u034f.com',
    'evil\ufe0f\u3002com',
  ])('refuses %j', (name) => {
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name })).toEqual({
      ok: false,
      problems: [{ path: 'name', message: 'validation.usernameLink' }],
    });
  });

  it.each([
    'Mira Nair',
    'S.K. Gupta',
    'Dr. Smith',
    'J.R.R. Tolkien',
    'प्रिया शर्मा',
    'Mira.Nair',
    'Rahul K.',
    '山田。花子',
    'Asha ❤️',
  ])('accepts %j', (name) => {
    expect(validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name }).ok).toBe(true);
  });

  it("says so in the form's words", () => {
    expect(formMessages({ username: 'see evil.com' })).toEqual(['Username must not contain a web or e-mail address']);
  });
});

describe('activateAccount takes the verification code of its link', () => {
  it('accepts a code as Auth makes them, and refuses anything else with nothing done', () => {
    expect(validateRequest(requestSchemaOf('activateAccount'), { uid: 'u', verificationCode: 'AbC-d_e0' }).ok).toBe(
      true,
    );
    for (const verificationCode of ['', 'a/b', 'a'.repeat(513), 42, 'code with spaces']) {
      expect(validateRequest(requestSchemaOf('activateAccount'), { uid: 'u', verificationCode }).ok).toBe(false);
    }
  });
});

describe('problem reports', () => {
  it('name each failing rule once even when two rules share a message', () => {
    const result = validateRequest(requestSchemaOf('registerInvitee'), { inviterId: 'i', name: '' });
    expect(result).toEqual({ ok: false, problems: [{ path: 'name', message: 'validation.usernameRequired' }] });
  });
});
