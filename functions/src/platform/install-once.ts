/**
 * A value the entry point installs once, before any function module loads, and the modules read
 * after: the functions' environment (platform/environment.ts, composition/environment.ts).
 */
export interface InstalledOnce<T> {
  /** Installs the value; a second install throws. */
  install(value: T): void;
  /** The installed value; throws when nothing is installed yet. */
  get(): T;
}

export function installedOnce<T>(messages: { twice: string; missing: string }): InstalledOnce<T> {
  let current: T | undefined;
  return {
    install(value) {
      if (current !== undefined) throw new Error(messages.twice);
      current = value;
    },
    get() {
      if (current === undefined) throw new Error(messages.missing);
      return current;
    },
  };
}
