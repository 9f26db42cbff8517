/**
 * The request fields of the inviter's levers on her invitation (inviter-controls-functions.ts),
 * joined into requests.ts's `requestFields`: kept here to keep that file within its length.
 */
import * as yup from 'yup';
import { MAX_JOINS_LIMIT } from './invite-controls.js';
import { carriesLink, NAME_FORBIDDEN, visibleName } from './names.js';
import { isLinkCode } from './ids.js';
import { INVITE_LINK_NAME_MAX_LENGTH } from './limits.js';
import { spokenCodeOf } from './spoken-codes.js';

/** An ISO date-time with its offset, as `Date.prototype.toISOString` writes it (seconds optional). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const JOIN_LIMIT_RULE = `maxJoins must be a whole number from 1 to ${MAX_JOINS_LIMIT}, or null`;
const EXPIRY_RULE = 'expiresAt must be an ISO date-time with its offset, or null';

const LINK_NAME_RULE = `name must be 1 to ${INVITE_LINK_NAME_MAX_LENGTH} characters, without < > or a link`;
const linkName = () =>
  yup
    .string()
    .strict()
    .typeError(LINK_NAME_RULE)
    .test('link-name', LINK_NAME_RULE, (value) => {
      if (value === undefined) return true;
      const name = visibleName(value);
      return (
        name.length > 0 &&
        name.length <= INVITE_LINK_NAME_MAX_LENGTH &&
        !NAME_FORBIDDEN.test(value) &&
        !carriesLink(name)
      );
    });

export const controlFields = {
  /** The link the page came through (INVITE_LINK_PARAM), when it did: a link's code, bounded. */
  inviteLink: () =>
    yup
      .string()
      .strict()
      .typeError('link must be a link code')
      .test('invite-link', 'link must be a link code', (value) => value === undefined || isLinkCode(value))
      .optional()
      .default(undefined),
  /**
   * A link's code as the app read it from the link, or her spoken code as a person typed it
   * (spoken-codes.ts): only bounded here; a code that names nothing is answered as one nobody has.
   */
  inviteCode: () =>
    yup
      .string()
      .strict()
      .typeError('code must be a link code or a spoken code')
      .test('invite-code', 'code must be a link code or a spoken code', (value) => {
        return value === undefined || isLinkCode(value) || spokenCodeOf(value) !== null;
      })
      .required('code is required'),
  /** A link's name, as she calls the chat it is for (createInviteLink). */
  linkName: () => linkName().required('name is required'),
  /** A link's new name, or none: it stays (updateInviteLink). */
  linkNameIfAny: () => linkName().optional().default(undefined),
  /** Whether each join through a link waits for her approval: absent leaves it (or none, on a new link). */
  approval: () => yup.boolean().strict().typeError('approval must be true or false').optional().default(undefined),
  /** Her decision on a request to join her (decideJoin): true makes the friendship. */
  approve: () => yup.boolean().strict().typeError('approve must be true or false').required('approve is required'),
  /** The inviter's pause (pauseInvitations). */
  paused: () => yup.boolean().strict().typeError('paused must be true or false').required('paused is required'),
  /** Her limit on the friends her invitation makes: absent leaves it, `null` clears it. */
  joinLimit: () =>
    yup
      .number()
      .strict()
      .typeError(JOIN_LIMIT_RULE)
      .integer(JOIN_LIMIT_RULE)
      .min(1, JOIN_LIMIT_RULE)
      .max(MAX_JOINS_LIMIT, JOIN_LIMIT_RULE)
      .nullable()
      .optional()
      .default(undefined),
  /** Her invitation's expiry: absent leaves it, `null` clears it. */
  expiry: () =>
    yup
      .string()
      .strict()
      .typeError(EXPIRY_RULE)
      .matches(ISO_TIME, EXPIRY_RULE)
      .test('a-time', EXPIRY_RULE, (value) => (value == null ? true : Number.isFinite(Date.parse(value))))
      .nullable()
      .optional()
      .default(undefined),
};
