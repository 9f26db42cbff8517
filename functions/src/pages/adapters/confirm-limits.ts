/**
 * The welcome page's confirm form's limits (pages/domain/welcome-confirm.ts), counted in this
 * instance's memory by rate-limiter-flexible: nothing is written for a try, so that a code that
 * proves nothing writes nothing anywhere. Per instance: the page function's `maxInstances` bounds
 * what all of them let through together (docs/invitation-page.md).
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

  constructor(limits = { perClient: CONFIRMS_PER_CLIENT, perAccount: CONFIRMS_PER_ACCOUNT }) {
    this.clients = new RateLimiterMemory({ points: limits.perClient, duration: CONFIRM_WINDOW_SECONDS });
    this.accounts = new RateLimiterMemory({ points: limits.perAccount, duration: CONFIRM_WINDOW_SECONDS });
  }

  async take(client: string, account: string): Promise<ConfirmAllowance> {
    try {
      // The client first: a client over its limit spends none of the account's tries.
      await this.clients.consume(client);
      await this.accounts.consume(account);
      return { allowed: true };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }
}
