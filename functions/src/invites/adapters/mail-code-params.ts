/**
 * The key of the verification mail codes' digests (mail-codes.ts), a secret: the functions that
 * send the mail or check its code declare it (entry-points/invite-callables.ts), and read it per
 * call. Without a usable key the mail carries no code and every code is refused.
 */
import { secretBytes } from '@dayfocus/contracts/function-secrets';
import { secretParam } from '../../platform/adapters/params.js';

export const mailCodeKeySecret = secretParam('MAIL_CODE_KEY');

export function mailCodeKey(): Uint8Array | null {
  return secretBytes('MAIL_CODE_KEY', mailCodeKeySecret.value());
}
