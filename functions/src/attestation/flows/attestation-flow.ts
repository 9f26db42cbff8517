/**
 * The App Check fallback (domain/attestation.ts): a challenge for a client within its limits, and
 * for a solved one, once, an App Check token for the companion's web app, never another app.
 */
import type { AttestationAnswer } from '@dayfocus/contracts/answers';
import { FlowError } from '../../platform/domain/errors.js';
import type { Logger } from '../../platform/flows/ports.js';
import {
  CHALLENGE_LIFE_MS,
  CHALLENGES_PER_ADDRESS,
  CHALLENGES_PER_CLIENT,
  challengeIdOf,
  FALLBACK_TOKEN_LIFE_MS,
  parseSolution,
  type AttestationEvent,
} from '../domain/attestation.js';
import type { AttestationStore, Challenges, MintAppCheckToken } from './ports.js';

export interface AttestationFlowDeps {
  store: AttestationStore;
  challenges: Challenges;
  mint: MintAppCheckToken;
  logger: Logger;
  /** Whether this deployment offers the fallback (APP_CHECK_FALLBACK). */
  enabled: () => boolean;
  /** The companion's web app (WEB_APP_ID), the only app it attests; empty when unset, then none. */
  webAppId: () => string;
}

export const FALLBACK_OFF_MESSAGE = 'The second check is switched off here: App Check must attest this page';

export class AttestationFlow {
  constructor(private readonly deps: AttestationFlowDeps) {}

  async challenge(
    appId: string,
    client: string,
    address: string,
    context: string,
    now = new Date(),
  ): Promise<AttestationAnswer> {
    const { store, challenges } = this.deps;
    this.switchedOn();
    this.ours(appId);
    const counted = await store.countChallenge(
      [
        { key: challenges.limitKey('client', client), window: CHALLENGES_PER_CLIENT },
        { key: challenges.limitKey('address', address), window: CHALLENGES_PER_ADDRESS },
      ],
      now,
    );
    if (!counted) {
      this.deps.logger.warn('App Check fallback: challenges refused past a limit');
      throw new FlowError('resource-exhausted', 'Too many checks from this device; please wait a while');
    }
    const expiresAt = new Date(now.getTime() + CHALLENGE_LIFE_MS);
    const made = await challenges.make(expiresAt);
    await store.saveChallenge(made.id, { secret: made.secret, expiresAt: expiresAt.toISOString() });
    await this.counted('challenges', context, now);
    return { challenge: made.challenge };
  }

  /** Anything but a first redemption of a solved challenge of ours gets one refusal. */
  async redeem(
    appId: string,
    text: string,
    context: string,
    now = new Date(),
    limitedUse = false,
  ): Promise<AttestationAnswer> {
    this.switchedOn();
    this.ours(appId);
    const refuse = (reason: string) => {
      this.deps.logger.warn('App Check fallback: a solution refused', { reason });
      return new FlowError('permission-denied', 'This check did not pass; please try again');
    };
    const submitted = parseSolution(text);
    const id = submitted ? challengeIdOf(submitted) : null;
    if (!submitted || !id) throw refuse('not a solution');
    const secret = await this.deps.store.secretOf(id);
    if (!secret) throw refuse('unknown or redeemed');
    const verdict = await this.deps.challenges.check(submitted, secret);
    if (verdict !== 'solved') throw refuse(verdict);
    if (!(await this.deps.store.redeem(id, now))) throw refuse('redeemed before');
    // The token asked for and one of the other kind: never more than one limited-use token (one
    // replay-protected call) per solved challenge; the session token is reused for its whole life
    // anyway, so a script gains nothing from the pair that one solved challenge did not buy it before.
    const [token, other] = await Promise.all([
      this.deps.mint(appId, FALLBACK_TOKEN_LIFE_MS, limitedUse),
      this.deps.mint(appId, FALLBACK_TOKEN_LIFE_MS, !limitedUse),
    ]);
    await this.counted('tokens', context, now);
    return { ...token, other };
  }

  /** Refuses before anything is written. */
  private switchedOn(): void {
    if (!this.deps.enabled()) throw new FlowError('failed-precondition', FALLBACK_OFF_MESSAGE);
  }

  /**
   * Refuses, before anything is read or written, an app other than the companion's web app: the
   * fallback's price was set for one page's visitors, never for every web app of the project.
   */
  private ours(appId: string): void {
    const webAppId = this.deps.webAppId();
    if (webAppId !== '' && appId === webAppId) return;
    this.deps.logger.warn('App Check fallback: an app refused', {
      reason: webAppId === '' ? 'WEB_APP_ID is not set (docs/configuration.md)' : 'not the web app',
    });
    throw new FlowError('permission-denied', 'This check is not for this app');
  }

  /** A count that fails is logged, never the visitor's failure. */
  private async counted(event: AttestationEvent, context: string, now: Date): Promise<void> {
    await this.deps.store.count(event, context, now).catch((error: unknown) => {
      this.deps.logger.warn('App Check fallback: a count failed', { event, error: String(error) });
    });
  }
}
