import type { RequestOf } from '@dayfocus/contracts/callables';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import { callFunction } from '@/lib/callables';
import { withKeptWay } from '@/lib/invite-way';

/** Records the signed-in email account as an invitee of `inviterId` (the User record of docs/data-written.md). */
export function registerInvitee(request: RequestOf<'registerInvitee'>): Promise<WriteResult> {
  return callFunction('registerInvitee', withKeptWay(request));
}
