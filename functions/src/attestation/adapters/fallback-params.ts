/** The App Check fallback's params per deployment (docs/configuration.md, App Check). */
import { booleanParam, stringParam } from '../../platform/adapters/params.js';

/**
 * On unless a deployment switches it off (`APP_CHECK_FALLBACK=false` in its env file): then
 * `attestByChallenge` refuses every call and a visitor reCAPTCHA refused meets the refusal she met
 * before the fallback existed.
 */
export const appCheckFallback = booleanParam('APP_CHECK_FALLBACK');

/**
 * The one app the fallback attests: the companion's web app. The project is the mobile app's, with
 * its other web apps (an admin console, say), and App Check tells its apps apart by this id alone.
 */
export const fallbackWebAppId = stringParam('WEB_APP_ID');
