/**
 * The one rule for an id that reaches a Firestore document path (a uid, a link code, the
 * invitation page's inviter), used by the request schemas, the invitation page and the
 * stores alike. Firestore refuses (or aliases) anything else: the SDK drops a leading `/`, so
 * `'/' + uid` would name the uid's own document; `__x__` ids are reserved; `.` and `..` are
 * path steps. Pure, for the browser too (no Buffer).
 */
import { LINK_CODE_MAX_LENGTH, LINK_CODE_MIN_LENGTH, LINK_CODE_PATTERN, USER_ID_MAX_LENGTH } from './limits.js';

/** Firestore's limit on a document id, in UTF-8 bytes. */
export const DOCUMENT_ID_MAX_BYTES = 1500;

const utf8 = new TextEncoder();

/** A valid Firestore document id: not empty, no `/`, not `.` or `..`, not `__…__`, at most 1,500 bytes. */
export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/s.test(id) &&
    utf8.encode(id).length <= DOCUMENT_ID_MAX_BYTES
  );
}

/** A short link's code as any link carries it: 8 to 32 URL-safe characters, and a document id. */
export function isLinkCode(code: string): boolean {
  return (
    code.length >= LINK_CODE_MIN_LENGTH &&
    code.length <= LINK_CODE_MAX_LENGTH &&
    LINK_CODE_PATTERN.test(code) &&
    isDocumentId(code)
  );
}

/** A uid as Firebase Auth allows it (at most 128 characters; the app may use custom uids) that is also a document id. */
export function isUserId(id: string): boolean {
  return id.length <= USER_ID_MAX_LENGTH && isDocumentId(id);
}
