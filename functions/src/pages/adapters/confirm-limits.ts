/**
 * Counted in this instance's memory: nothing is written for a try, so that a code that proves
 * nothing writes nothing anywhere. The page function's `maxInstances` bounds what all instances let
 * through together (docs/invitation-page.md).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  CONFIRM_WINDOW_SECONDS,
  CONFIRMS_PER_ACCOUNT,
  CONFIRMS_PER_CLIENT,
  type ConfirmAllowance,
  type ConfirmLimiter,
} from '../domain/welcome-confirm.js';

export class MemoryConfirmLimits implements ConfirmLimiter {
  private readonly clients: RateLimiterMemory;
  private readonly accounts: RateLimiterMemory;

  constructor(private readonly limits = { perClient: CONFIRMS_PER_CLIENT, perAccount: CONFIRMS_PER_ACCOUNT }) {
    this.clients = new RateLimiterMemory({ points: limits.perClient, duration: CONFIRM_WINDOW_SECONDS });
    this.accounts = new RateLimiterMemory({ points: limits.perAccount, duration: CONFIRM_WINDOW_SECONDS });
  }

  async take(client: string, account: string): Promise<ConfirmAllowance> {
    try {
      await this.clients.consume(client);
    } catch (refusal) {
      return refusedFor(refusal);
    }
    // The account's confirmations are only read here: confirmed() counts them, once one went through.
    const used = await this.accounts.get(account);
    if (used && used.consumedPoints >= this.limits.perAccount) return refusedFor(used);
    return { allowed: true };
  }

  async confirmed(account: string): Promise<void> {
    // A penalty, not a consume: concurrent confirmations past the limit are counted, never thrown.
    await this.accounts.penalty(account, 1);
  }
}

function refusedFor(refusal: unknown): ConfirmAllowance {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
}
