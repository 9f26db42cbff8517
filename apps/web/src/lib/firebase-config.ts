/** The runtime configuration Firebase is started with when it is first needed (set once at startup). */
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';

let registered: RuntimeConfig | undefined;

export function setFirebaseConfig(config: RuntimeConfig): void {
  registered = config;
}

export function firebaseConfig(): RuntimeConfig {
  if (!registered) throw new Error('setFirebaseConfig() has not run');
  return registered;
}
