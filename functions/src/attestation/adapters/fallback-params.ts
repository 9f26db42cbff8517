/** The switch of the App Check fallback per deployment (docs/configuration.md, App Check). */
import { booleanParam } from '../../platform/adapters/params.js';

/**
 * On unless a deployment switches it off (`APP_CHECK_FALLBACK=false` in its env file): then
 * `attestByChallenge` refuses every call and a visitor reCAPTCHA refused meets the refusal she met
 * before the fallback existed.
 */
export const appCheckFallback = booleanParam('APP_CHECK_FALLBACK');
