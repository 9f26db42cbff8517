/**
 * The soak's one source of chance: every choice (journey kinds, inviters, faults, give-ups) is
 * drawn from a generator seeded by `--seed`, so a run that finds a violation can be replayed.
 * The order of draws is fixed before anything runs concurrently (plans are made up front).
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export class Rng {
  private readonly generator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed);
  }

  /** In [0, 1). */
  next(): number {
    return uniformFloat64(this.generator);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)] as T;
  }

  /** One of `weights`' keys, each as likely as its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let draw = this.next() * total;
    for (const [key, weight] of entries) {
      if (draw < weight) return key;
      draw -= weight;
    }
    return (entries[entries.length - 1] as [K, number])[0];
  }
}
