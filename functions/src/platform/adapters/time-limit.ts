/**
 * A time limit on a call to another service. (p-timeout does this too, but only as an ES module
 * since its version 5, and the functions are CommonJS.)
 */

export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref(); // never keeps an instance busy on its own
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
