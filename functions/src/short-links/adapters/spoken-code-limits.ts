/**
 * How many spoken codes one client may look up: counted in this instance's memory, so that a try
 * writes nothing anywhere. The callables' `maxInstances` bound what all instances let through
 * together (docs/threat-model-service.md, row 79).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SPOKEN_TRIES_PER_CLIENT, SPOKEN_TRIES_WINDOW_SECONDS } from '../domain/spoken-tries.js';
import type { SpokenCodeLimiter } from '../flows/ports.js';

export class MemorySpokenCodeLimits implements SpokenCodeLimiter {
  private readonly clients = new RateLimiterMemory({
    points: SPOKEN_TRIES_PER_CLIENT,
    duration: SPOKEN_TRIES_WINDOW_SECONDS,
  });

  async take(client: string): Promise<boolean> {
    try {
      await this.clients.consume(client);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }
}
