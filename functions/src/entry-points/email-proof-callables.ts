/**
 * No mail where the browser can prove the address (email-proof/flows/address-proof-flow.ts): the
 * sign-up form's nonce, asked before the account exists; the browser's token it binds is presented
 * at the activation door (`proveEmail`, entry-points/activation-callables.ts). Refused while
 * EMAIL_PROOF is off.
 */
import { callable } from '../platform/functions/callable.js';
import { clientOf } from '../platform/functions/client-address.js';
import { addressProofFlow } from '../composition/wiring/email-proof.js';

/** Public: the form needs its nonce before she picks her address, so before there is an account. */
export const issueEmailProofNonce = callable('issueEmailProofNonce', async (input, request) => {
  return addressProofFlow.issueNonce(input.holder, clientOf(request.rawRequest));
});
