/** The switch of the App Check fallback per deployment (docs/configuration.md, App Check). */
import { defineBoolean } from 'firebase-functions/params';

/**
 * On unless a deployment switches it off (`APP_CHECK_FALLBACK=false` in its env file): then
 * `attestByChallenge` refuses every call and a visitor reCAPTCHA refused meets the refusal she met
 * before the fallback existed.
 */
export const appCheckFallback = defineBoolean('APP_CHECK_FALLBACK', {
  default: true,
  description: 'Whether attestByChallenge offers the App Check fallback to visitors whose reCAPTCHA attestation failed',
});
