/**
 * The local stack's entry point (package.json's main; a deploy's is src/index.ts): the Admin SDK's
 * emulator app and the local environment installed first, then every function that deploys, and
 * the local stack's own (manifest.ts).
 */
import './firebase-app.js';
import './environment.js';

export * from '../functions.js';
export {
  devActivateConsumingFirst,
  devBaselineGuardedCommit,
  devBaselineWrite,
  devSweepOwedPushes,
  devTrivialHttp,
} from './dev-callables.js';
export { devAppCheckToken } from './dev-app-check.js';
export { devIdentityProvider } from './dev-identity-provider.js';
