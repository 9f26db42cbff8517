/**
 * A password's rules, as the sign-up form and the callables check them (the spec's, said as what
 * is wrong: docs/web-app.md, "The screens").
 */
import * as yup from 'yup';
import { INPUT_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';
import { messageKeys } from './messages.js';

/** A password's rules but the first: each passes an empty one, which `password-required` alone refuses. */
export const passwordRules = yup
  .string()
  .strict()
  // Under 8 once trimmed (the spec's rule), said as what it is: too short, or long enough only
  // with the spaces at its ends, which do not count (eight spaces are no password).
  .test('password-min', messageKeys.passwordTooShort, (value) => {
    const raw = value ?? '';
    return raw.length === 0 || raw.length >= PASSWORD_MIN_LENGTH || raw.trim().length >= PASSWORD_MIN_LENGTH;
  })
  .test('password-spaces', messageKeys.passwordSpaces, (value) => {
    const raw = value ?? '';
    return raw.length < PASSWORD_MIN_LENGTH || raw.trim().length >= PASSWORD_MIN_LENGTH;
  })
  .test('password-max', messageKeys.passwordTooLong, (value) => (value ?? '').length <= INPUT_MAX_LENGTH);

/** A password: the rules above, and an empty one refused. */
export const passwordSchema = passwordRules.test(
  'password-required',
  messageKeys.passwordRequired,
  (value) => (value ?? '').length > 0,
);
