import type { RegisterInviteeRequest } from '@dayfocus/contracts/requests';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import { callFunction } from '@/lib/callables';

/** Records the signed-in email account as an invitee of `inviterId` (the User record of docs/architecture.md, "Data written"). */
export function registerInvitee(request: RegisterInviteeRequest): Promise<WriteResult> {
  return callFunction('registerInvitee', request);
}
