import type { RegisterInviteeRequest } from '@dayfocus/contracts/requests';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import { callFunction } from '@/lib/callables';

/** Records the signed-in email account as an invitee of `inviterId` (the User record of spec section 3). */
export function registerInvitee(request: RegisterInviteeRequest): Promise<WriteResult> {
  return callFunction<RegisterInviteeRequest, WriteResult>('registerInvitee', request);
}
