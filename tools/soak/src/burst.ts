/**
 * A viral inviter's burst: the viral journeys of one wave sign up and get their e-mails each at
 * its own pace, then wait at the burst for each other and activate together, so that their joins
 * reach the inviter within the same moment, as a crowd following one link does. A journey that
 * stopped before the burst (it gave up, or failed) is not waited for; one that comes back after
 * the burst went passes straight through.
 */

/** One journey's place in a burst. */
export interface BurstMember {
  /** Waits until every member of the burst has arrived or left. */
  arrive(): Promise<void>;
  /** The journey ended (its run returned): the others no longer wait for it. */
  leave(): void;
}

export class Burst {
  private awaited = 0;
  /** The most members that were let go at once. */
  together = 0;
  private arrived = 0;
  private release: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  private gone = false;

  /** A member for one journey; all of a burst's members are made before any of its journeys run. */
  member(): BurstMember {
    this.awaited++;
    let counted = false;
    const settle = (arriving: boolean) => {
      if (counted) return;
      counted = true;
      this.awaited--;
      if (arriving) this.arrived++;
      if (this.awaited === 0 && !this.gone) {
        this.gone = true;
        this.together = this.arrived;
        this.release();
      }
    };
    return {
      arrive: async () => {
        settle(true);
        await this.released;
      },
      leave: () => settle(false),
    };
  }
}
