/** The App Check fallback's challenges as a page solves them (altcha-lib, as the web app's provider does). */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AttestationAnswer } from '@dayfocus/contracts/answers';

/** The solution text `attestByChallenge` takes for a challenge it handed out. */
export async function solve(answer: AttestationAnswer): Promise<string> {
  if (!('challenge' in answer)) throw new Error(`Not a challenge: ${JSON.stringify(answer)}`);
  const challenge = answer.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('The challenge was not solved in 30 s');
  return JSON.stringify({ challenge, solution });
}
