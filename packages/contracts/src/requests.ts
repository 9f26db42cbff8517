/**
 * One validation schema per request, shared by the web app (forms and callable requests)
 * and the callable functions, so the browser and the server can never disagree.
 *
 * Messages are translation keys (the web app renders them in the visitor's language; `englishMessages`
 * holds the English wording of the spec, which the server also uses in its error details).
 */
import * as yup from 'yup';
import { isDocumentId, isUserId } from './ids.js';
import { INVITE_WAYS } from './invite-ways.js';
import { controlFields } from './control-fields.js';
import { englishMessages, messageKeys, type MessageKey } from './messages.js';
import { carriesLink, NAME_FORBIDDEN, visibleName } from './names.js';
import { passwordRules, passwordSchema } from './password-rules.js';
import { PHONES } from './phones.js';
import { HANDOFF_RETRY_KEY_PATTERN } from './sign-in-handoff.js';
import {
  LINK_CODE_MAX_LENGTH,
  LINK_CODE_MIN_LENGTH,
  LINK_CODE_PATTERN,
  NAME_MAX_LENGTH,
  USER_ID_MAX_LENGTH,
} from './limits.js';

const PHONE_MESSAGE = 'platform must be "android" or "ios"';

/**
 * Local part, "@", domain, and a top-level label of two or more letters. The spec's
 * 2-to-3-letter suffix rejected real addresses (.info, .email, .app); see docs/deviations.md.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** A callable's request: an object of exactly these fields (another is refused), never coerced. */
function requestSchema<Shape extends yup.ObjectShape>(shape: Shape) {
  return yup.object(shape).noUnknown(messageKeys.unknownField).required(messageKeys.requestRequired).strict();
}

const userId = () =>
  yup
    .string()
    .strict()
    .required(messageKeys.userIdRequired)
    .min(1, messageKeys.userIdInvalid)
    .max(USER_ID_MAX_LENGTH, messageKeys.userIdInvalid)
    .test('user-id', messageKeys.userIdInvalid, (value) => value === undefined || isUserId(value))
    .typeError(messageKeys.userIdInvalid);

/** A short link's code, as the app reads it from a link, the install referrer or the clipboard. */
const linkCode = () =>
  yup
    .string()
    .strict()
    .required(messageKeys.linkCodeRequired)
    .min(LINK_CODE_MIN_LENGTH, messageKeys.linkCodeInvalid)
    .max(LINK_CODE_MAX_LENGTH, messageKeys.linkCodeInvalid)
    .matches(LINK_CODE_PATTERN, messageKeys.linkCodeInvalid)
    .test('link-code-id', messageKeys.linkCodeInvalid, (value) => value === undefined || isDocumentId(value))
    .typeError(messageKeys.linkCodeInvalid);

export const userNameSchema = yup
  .string()
  .strict()
  .typeError(messageKeys.usernameRequired)
  .test('username-required', messageKeys.usernameRequired, (value) => visibleName(value).length > 0)
  .test('username-length', messageKeys.usernameTooLong, (value) => visibleName(value).length <= NAME_MAX_LENGTH)
  .test('username-characters', messageKeys.usernameInvalid, (value) => !NAME_FORBIDDEN.test(value ?? ''))
  .test('username-link', messageKeys.usernameLink, (value) => !carriesLink(visibleName(value)));

const emailSchema = yup
  .string()
  .strict()
  .test('email-required', messageKeys.emailRequired, (value) => (value ?? '').trim().length > 0)
  .test('email-pattern', messageKeys.emailInvalid, (value) => {
    const trimmed = (value ?? '').trim();
    return trimmed.length === 0 || EMAIL_PATTERN.test(trimmed);
  });

/** The email sign-up form (docs/architecture.md, "The screens"): every rule is checked at once. */
export const signUpFormSchema = yup
  .object({
    username: userNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: yup
      .string()
      .strict()
      .test('confirm-required', messageKeys.confirmPasswordRequired, (value) => (value ?? '').length > 0)
      .test('passwords-match', messageKeys.passwordsDiffer, function (value) {
        const confirm = value ?? '';
        return confirm.length === 0 || confirm === (this.parent as { password?: string }).password;
      }),
  })
  .noUnknown(messageKeys.unknownField);

export type SignUpForm = yup.InferType<typeof signUpFormSchema>;

/** An e-mail action code as Auth makes them (URL-safe letters and digits), bounded. */
export const VERIFICATION_CODE_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;

/** The app's installation: Firebase Installations' id (22 characters) or any id of its own, bounded. */
export const INSTALLATION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A Firebase web app's App ID (`1:{project number}:web:{hash}`): the app an App Check token names. */
export const WEB_APP_ID_PATTERN = /^1:\d{1,20}:web:[0-9a-f]{1,40}$/;

/**
 * A manifest row writes its request with these, `(fields) => fields.object({...})`, so that the
 * manifest, which the web app's bundle reads, carries no schema. A new kind of field is added here.
 */
export const requestFields = {
  object: requestSchema,
  userId,
  userName: () => userNameSchema.required(messageKeys.usernameRequired),
  /** The page's language, in which an e-mail is written and its link opens. */
  pageLanguage: () => yup.string().strict().trim().min(2).max(35).required(messageKeys.requestRequired),
  /** A language tag (the one a recovery mail speaks), when the caller says one. */
  languageTag: () =>
    yup
      .string()
      .strict()
      .matches(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language must be a language tag')
      .max(35, 'language must be a language tag')
      .optional(),
  /** Trimmed in the form and here. */
  emailAddress: () => emailSchema.required(messageKeys.emailRequired).max(320, messageKeys.emailInvalid),
  newPassword: () => passwordSchema.required(messageKeys.passwordRequired),
  /** A new password by the same rules, or none where a request may come without one (a finishing link opened again). */
  newPasswordIfAny: () => passwordRules.optional().default(undefined),
  /** Whether the server sends the verification e-mail now (false: the browser's proof is tried first). */
  sendsMail: () => yup.boolean().strict().typeError('mail must be true or false').required('mail is required'),
  /** The verification e-mail's code (`oobCode`), when the welcome page was opened from it. */
  verificationCode: () =>
    yup
      .string()
      .strict()
      .matches(VERIFICATION_CODE_PATTERN, messageKeys.verificationCodeInvalid)
      .typeError(messageKeys.verificationCodeInvalid)
      .optional()
      .default(undefined),
  linkCode,
  /** How the person came to the invitation (invite-ways.ts), when the page says. */
  inviteWay: () =>
    yup
      .string()
      .strict()
      .oneOf(INVITE_WAYS, 'way must be "link", "qr", "plain" or "card"')
      .optional()
      .default(undefined),
  ...controlFields,
  /** A page's cursor as an earlier answer gave it: base64url, bounded. */
  pageCursor: () =>
    yup
      .string()
      .strict()
      .matches(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be 1 to 200 characters of A-Z a-z 0-9 - _')
      .optional()
      .default(undefined),
  /**
   * The verification mail's short code as typed: only bounded here (spaces, a hyphen, another
   * script's digits are read by the server), and whatever else is wrong with it gets the one
   * refusal every code that does not work gets.
   */
  mailCode: () =>
    yup.string().strict().max(32, 'code must be a string of at most 32 characters').required('code is required'),
  /**
   * The random key a tab keeps for its e-mail proof (session storage), to which its nonces are
   * bound: 22 to 64 characters of base64url (128 bits or more).
   */
  proofHolder: () =>
    yup
      .string()
      .strict()
      .matches(/^[A-Za-z0-9_-]{22,64}$/, 'holder must be 22 to 64 characters of A-Z a-z 0-9 - _')
      .required('holder is required'),
  /** A nonce of ours for the e-mail proof, as `issueEmailProofNonce` answered it (43 characters). */
  proofNonce: () =>
    yup
      .string()
      .strict()
      .matches(/^[A-Za-z0-9_-]{43}$/, 'nonce must be 43 characters of A-Z a-z 0-9 - _')
      .required('nonce is required'),
  /**
   * The browser's Email Verification Protocol token as its hidden field held it: only bounded here;
   * whatever is wrong with it gets the one refusal of a token that proves nothing.
   */
  emailProofToken: () =>
    yup.string().strict().max(16_384, 'token must be at most 16384 characters').required('token is required'),
  /** The phone a sign-in handoff is minted for (its wire name is `platform`). */
  phone: () => yup.string().strict().oneOf(PHONES, PHONE_MESSAGE).required(PHONE_MESSAGE),
  /**
   * A handoff code the app read from the referrer or the copy. It is only bounded here:
   * whatever else is wrong with it gets the one refusal every unusable code gets, never a hint
   * of which.
   */
  handoffCode: () =>
    yup.string().strict().max(256, 'code must be a string of at most 256 characters').required('code is required'),
  installationId: () =>
    yup
      .string()
      .strict()
      .matches(INSTALLATION_ID_PATTERN, 'installationId must be 8 to 64 characters of A-Z a-z 0-9 - _')
      .required('installationId is required'),
  /** The key an app makes before its first redemption and presents again with a retry. */
  retryKey: () =>
    yup
      .string()
      .strict()
      .matches(HANDOFF_RETRY_KEY_PATTERN, 'retryKey must be 43 characters of A-Z a-z 0-9 - _')
      .required('retryKey is required'),
  /** A Firebase web app's App ID (WEB_APP_ID_PATTERN). */
  webAppId: () =>
    yup
      .string()
      .strict()
      .matches(WEB_APP_ID_PATTERN, 'appId must be a web app id (1:{number}:web:{hex})')
      .required('appId is required'),
  /**
   * Where the page runs, as the App Check fallback's counts name it: `browser`, or the in-app
   * browser's app (`instagram`, `in-app` when not known by name).
   */
  arrivalContext: () =>
    yup
      .string()
      .strict()
      .matches(/^[a-z0-9-]{1,32}$/, 'context must be 1 to 32 characters of a-z 0-9 -')
      .optional()
      .default(undefined),
  /**
   * Whether the App Check fallback's token is for one replay-protected call (App Check's limited
   * use), which the callable consumes: only such a token may be consumed.
   */
  limitedUse: () => yup.boolean().strict().optional().default(undefined),
  /** A solved challenge of the App Check fallback, as its solver encodes it. */
  attestationSolution: () =>
    yup
      .string()
      .strict()
      .max(4096, 'solution must be a string of at most 4096 characters')
      .optional()
      .default(undefined),
};

export type RequestFields = typeof requestFields;

export interface RequestProblem {
  path: string;
  message: MessageKey | string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; problems: RequestProblem[] };

/** Validates `input` against `schema`, reporting every problem at once. Never throws. */
export function validateRequest<T>(schema: yup.Schema<T>, input: unknown): Validation<T> {
  try {
    const value = schema.validateSync(input, { abortEarly: false, strict: true });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      const inner = error.inner.length > 0 ? error.inner : [error];
      // Two rules can fail with the same message (an empty name is both "required" and
      // "blank"); a person needs to read it once.
      const seen = new Set<string>();
      const problems = inner
        .map((e) => ({ path: e.path ?? '', message: e.message }))
        .filter((p) => !seen.has(`${p.path}\n${p.message}`) && seen.add(`${p.path}\n${p.message}`));
      return { ok: false, problems };
    }
    throw error;
  }
}

/** English text for a problem, for server error messages and logs. */
export function describeProblems(problems: RequestProblem[]): string {
  return problems
    .map((p) => {
      const text = englishMessages[p.message as MessageKey] ?? p.message;
      return p.path ? `${p.path}: ${text}` : text;
    })
    .join('; ');
}
