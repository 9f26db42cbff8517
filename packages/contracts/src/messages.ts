/**
 * The messages of the request schemas: translation keys, and their English wording (spec
 * section 5). Kept apart from the schemas so that a page can show them without loading yup.
 */
import {
  INPUT_MAX_LENGTH,
  LINK_CODE_MAX_LENGTH,
  LINK_CODE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_ID_MAX_LENGTH,
} from './limits.js';

export const messageKeys = {
  usernameRequired: 'validation.usernameRequired',
  usernameTooLong: 'validation.usernameTooLong',
  usernameInvalid: 'validation.usernameInvalid',
  usernameLink: 'validation.usernameLink',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  passwordRequired: 'validation.passwordRequired',
  passwordTooShort: 'validation.passwordTooShort',
  passwordTooLong: 'validation.passwordTooLong',
  passwordSpaces: 'validation.passwordSpaces',
  confirmPasswordRequired: 'validation.confirmPasswordRequired',
  passwordsDiffer: 'validation.passwordsDiffer',
  userIdRequired: 'validation.userIdRequired',
  userIdInvalid: 'validation.userIdInvalid',
  linkCodeRequired: 'validation.linkCodeRequired',
  linkCodeInvalid: 'validation.linkCodeInvalid',
  verificationCodeInvalid: 'validation.verificationCodeInvalid',
  unknownField: 'validation.unknownField',
  requestRequired: 'validation.requestRequired',
} as const;

export type MessageKey = (typeof messageKeys)[keyof typeof messageKeys];

export const englishMessages: Record<MessageKey, string> = {
  'validation.usernameRequired': 'Please enter username',
  'validation.usernameTooLong': `Username must be at most ${NAME_MAX_LENGTH} characters long`,
  'validation.usernameInvalid': 'Username must not contain < or > or control characters',
  'validation.usernameLink': 'Username must not contain a web or e-mail address',
  'validation.emailRequired': 'Please enter email',
  'validation.emailInvalid': 'Please enter valid email',
  'validation.passwordRequired': 'Please enter password',
  'validation.passwordTooShort': `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  'validation.passwordTooLong': `Password must be at most ${INPUT_MAX_LENGTH} characters long`,
  'validation.passwordSpaces': `Spaces at the start or end do not count: the password needs at least ${PASSWORD_MIN_LENGTH} other characters`,
  'validation.confirmPasswordRequired': 'Please enter your password again',
  'validation.passwordsDiffer': 'Both the passwords must match',
  'validation.userIdRequired': 'A user id is required',
  'validation.userIdInvalid': `A user id is a string of 1 to ${USER_ID_MAX_LENGTH} characters, without /, other than . and .., not of the form __…__`,
  'validation.linkCodeRequired': 'An invite code is required',
  'validation.linkCodeInvalid': `An invite code is ${LINK_CODE_MIN_LENGTH} to ${LINK_CODE_MAX_LENGTH} letters, digits, - or _`,
  'validation.verificationCodeInvalid': 'A verification code is 1 to 512 letters, digits, - or _',
  'validation.unknownField': 'The request has a field this call does not take',
  'validation.requestRequired': 'The request must be an object with the fields of this call',
};
