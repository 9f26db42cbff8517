/** Business constants and limits (docs/data-written.md). */
export const APP_VERSION = '1.0.0';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_COUNTRY = 'asia';
export const PASSWORD_MIN_LENGTH = 8;
export const INPUT_MAX_LENGTH = 20;
/** Longest display name we store; Firebase Auth itself allows far more, but a name is shown in pushes. */
export const NAME_MAX_LENGTH = 80;
/** Firebase Auth uids are at most 128 characters. */
export const USER_ID_MAX_LENGTH = 128;
/** The short-link codes we accept (ours are 10 symbols; a few more or fewer stay valid for links made elsewhere). */
export const LINK_CODE_MIN_LENGTH = 8;
export const LINK_CODE_MAX_LENGTH = 32;
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The verification e-mail to one mailbox (functions' mail-limits.ts). */
export const RESEND_MIN_GAP_MS = 60_000;
export const RESEND_DAILY_LIMIT = 5;

/** An invite link's name, as she calls the chat it is for (invite-links.ts). */
export const INVITE_LINK_NAME_MAX_LENGTH = 60;
