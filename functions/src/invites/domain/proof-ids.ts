/**
 * The ids of the proofs a mail carries, as their records in `_addressProofs` are named (the
 * activation door spends them: functions/src/activation/domain/proofs.ts): a digest of the code,
 * never the code. Pure.
 */
import { createHash } from 'node:crypto';

const digestOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A verification mail's link's proof id: a digest of Auth's code, never the code. */
export const linkProofId = (code: string): string => `link-${digestOf(code)}`;

/** A finishing link's proof id: a digest of Auth's reset code, never the code. */
export const finishProofId = (code: string): string => `finish-${digestOf(code)}`;
