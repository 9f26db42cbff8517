/**
 * The App Check fallback's proof of work, with ALTCHA's library (altcha-lib): SHA-256 challenges
 * in its deterministic mode, where the server draws the counter the solver must find, so the work
 * is the server's choice (domain/attestation.ts, CHALLENGE_WORK).
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CHALLENGE_WORK, type SubmittedSolution } from '../domain/attestation.js';
import { limitKey } from '../../platform/domain/rolling-window.js';
import type { Challenges, MadeChallenge } from '../flows/ports.js';

export const altchaChallenges: Challenges = {
  async make(expiresAt: Date): Promise<MadeChallenge> {
    const id = randomBytes(18).toString('base64url');
    // Each challenge is signed with a secret of its own, kept beside its redemption: no deploy
    // secret to rotate, and a challenge nobody kept cannot be redeemed.
    const secret = randomBytes(32).toString('base64url');
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(CHALLENGE_WORK.max, CHALLENGE_WORK.min),
      deriveKey,
      expiresAt,
      hmacSignatureSecret: secret,
      data: { id },
    });
    return { id, secret, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature } };
  },

  async check(submitted: SubmittedSolution, secret: string) {
    // The parameters are the page's words until their signature, which the library checks
    // first, says they are ours; a malformed set makes it throw, which is a refusal too.
    const verdict = await verifySolution({
      challenge: submitted.challenge as unknown as Challenge,
      solution: submitted.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    }).catch(() => ({ verified: false, expired: false }));
    if (verdict.verified) return 'solved';
    return verdict.expired ? 'expired' : 'wrong';
  },

  limitKey,
};
