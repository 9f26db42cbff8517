/**
 * The App Check fallback (attestation/domain/attestation.ts): the one callable that takes no App
 * Check token, since its caller's attestation failed. Without a solution it hands out a challenge,
 * within the client's and the address's limits; with a solved one, a token, once.
 */
import { callable } from '../platform/functions/callable.js';
import { clientOf } from '../platform/functions/client-address.js';
import { attestationFlow } from '../composition/wiring/attestation.js';
import { UNNAMED_CONTEXT } from '../attestation/domain/attestation.js';

export const attestByChallenge = callable('attestByChallenge', async (input, request) => {
  const context = input.context ?? UNNAMED_CONTEXT;
  if (input.solution !== undefined)
    return attestationFlow.redeem(input.appId, input.solution, context, new Date(), input.limitedUse === true);
  return attestationFlow.challenge(input.appId, input.client, clientOf(request.rawRequest), context);
});
