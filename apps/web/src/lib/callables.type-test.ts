/**
 * Compiled by `pnpm run typecheck`, never run or bundled: a wrong callable name or payload is a
 * type error. Each `@ts-expect-error` fails the typecheck if its line ever compiles.
 */
import type { InviterCard } from '@dayfocus/contracts/answers';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import { callFunction } from './callables';

export async function callablesAreTyped(): Promise<[InviterCard, WriteResult]> {
  const inviter = await callFunction('getInviter', { inviterId: 'asha' });
  const written = await callFunction('registerInvitee', { inviterId: 'asha', name: 'Mira' });
  // @ts-expect-error: no callable has this name
  await callFunction('getInvitor', { inviterId: 'asha' });
  // @ts-expect-error: getInviter takes an inviterId, not a uid
  await callFunction('getInviter', { uid: 'asha' });
  // @ts-expect-error: registerInvitee needs the name too
  await callFunction('registerInvitee', { inviterId: 'asha' });
  // @ts-expect-error: getInviter answers a card, not a write result
  const wrong: WriteResult = await callFunction('getInviter', { inviterId: 'asha' });
  return [inviter, written ?? wrong];
}
