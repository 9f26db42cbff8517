/**
 * The request fields of the inviter's levers on her invitation (inviter-controls-functions.ts),
 * joined into requests.ts's `requestFields`: kept here to keep that file within its length.
 */
import * as yup from 'yup';
import { MAX_JOINS_LIMIT } from './invite-controls.js';

/** An ISO date-time with its offset, as `Date.prototype.toISOString` writes it (seconds optional). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const JOIN_LIMIT_RULE = `maxJoins must be a whole number from 1 to ${MAX_JOINS_LIMIT}, or null`;
const EXPIRY_RULE = 'expiresAt must be an ISO date-time with its offset, or null';

export const controlFields = {
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
