import { LRUCache } from 'lru-cache';

/**
 * Each key's answer, null included, kept in the instance for `ttlMs`: for answers that may lag that
 * long (docs/short-links.md says which and why).
 */
export function ttlCachedRead<V>(read: (key: string) => Promise<V>, ttlMs: number): (key: string) => Promise<V> {
  const kept = new LRUCache<string, { value: V }>({ max: 10_000, ttl: ttlMs });
  return async (key) => {
    const hit = kept.get(key);
    if (hit) return hit.value;
    const value = await read(key);
    kept.set(key, { value });
    return value;
  };
}
