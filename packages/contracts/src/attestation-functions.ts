/** The functions' manifest's row (functions.ts joins them) of the attestation: App Check's fallback. */
import type { AttestationAnswer } from './answers.js';
import { answer } from './function-answer.js';
import { APP_CHECK_MINTER, type FunctionRow } from './function-row.js';

export const attestationRows = {
  attestByChallenge: {
    trigger: 'callable',
    maxInstances: 5,
    why: 'a visitor whose App Check attestation failed: a challenge, then a token per solved one, within limits per client and address',
    caller: 'web',
    attestsItself: true,
    // It mints App Check tokens: it alone runs as the minter.
    serviceAccount: APP_CHECK_MINTER,
    // Without `solution`: a challenge to solve. With it: an App Check token for `appId`, once per
    // challenge, of limited use when `limitedUse` (a replay-protected call's, which it consumes).
    request: (fields) =>
      fields.object({
        appId: fields.webAppId(),
        client: fields.installationId(),
        context: fields.arrivalContext(),
        solution: fields.attestationSolution(),
        limitedUse: fields.limitedUse(),
      }),
    answer: answer<AttestationAnswer>(),
  },
} as const satisfies Record<string, FunctionRow>;
