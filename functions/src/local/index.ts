/**
 * The local stack's entry point (package.json's main; a deploy's is src/index.ts): the Admin
 * SDK's emulator app and the local environment installed first, then every function that
 * deploys, and the functions only the local stack has (benchmark baselines, the sweep on demand,
 * App Check's stand-in tokens).
 */
import './firebase-app.js';
import './environment.js';

export * from '../functions.js';
export { devBaselineGuardedCommit, devBaselineWrite, devSweepOwedPushes, devTrivialHttp } from './dev-callables.js';
export { devAppCheckToken } from './dev-app-check.js';
