/**
 * No mail where the browser can prove the address (email-proof/flows/address-proof-flow.ts): the
 * sign-up form's nonce, asked before the account exists, and the browser's token presented by the
 * new e-mail account, which answers as activation does. Both refuse while EMAIL_PROOF is off.
 */
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { callable, requireCaller } from '../platform/functions/callable.js';
import { clientOf } from '../platform/functions/client-address.js';
import { activationFlow } from '../composition/wiring/activation.js';
import { addressProofFlow } from '../composition/wiring/email-proof.js';

/** Public: the form needs its nonce before she picks her address, so before there is an account. */
export const issueEmailProofNonce = callable('issueEmailProofNonce', async (input, request) => {
  return addressProofFlow.issueNonce(input.holder, clientOf(request.rawRequest));
});

/** Signed in with email and password, in the tab that signed up: the hidden field's token. */
export const proveEmail = callable(
  'proveEmail',
  ({ token, nonce, holder, ...page }, request): Promise<ActivationAnswer> => {
    const caller = requireCaller(request);
    const present = () => addressProofFlow.presented(caller, { token, nonce, holder });
    return activationFlow.activate({ uid: caller.uid, ...page }, caller, present);
  },
  { consumesBesideReads: true },
);
