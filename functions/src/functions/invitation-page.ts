/**
 * The server-rendered pages behind Hosting's rewrites: the invitation (`/feedback/**`,
 * `/tasks-Feedback`), the sign-up pages (`/social-sign-up/**`, `/sign-up/**`), the welcome page
 * (`/welcome`, `/welcome/**`), and the redirects of "I already have an account" (`/app-link/**`)
 * and of every e-mail's link (`/auth/action`).
 */
import { isEmulator } from '../adapters/firebase.js';
import { linkProviderApiKey } from '../adapters/link-params.js';
import { localPolicy, PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { httpFunction } from './app-link-functions.js';
import { loadRenderer } from './web-renderer.js';
import { invitationPageFlow } from './wiring.js';

/** The local stack's pages also talk to the Auth emulator (as in firebase.local.json). */
const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const policy =
  isEmulator && authEmulator
    ? localPolicy(PAGE_CONTENT_SECURITY_POLICY, [`http://${authEmulator}`])
    : PAGE_CONTENT_SECURITY_POLICY;

const flow = invitationPageFlow({
  renderer: loadRenderer,
  pageHeaders: { ...SECURITY_HEADERS, 'Content-Security-Policy': policy },
});

/** GET of the pages above, and the invitation's view beacon (POST). */
export const invitationPage = httpFunction(
  'invitationPage',
  (req) =>
    flow.answer({
      method: req.method,
      rawUrl: req.originalUrl,
      userAgent: req.get('user-agent'),
      acceptLanguage: req.get('accept-language'),
    }),
  // A whole CPU (the smallest memory it comes with): the render is on the path to the first byte.
  { secrets: linkProviderApiKey ? [linkProviderApiKey] : [], cpu: 1, memory: '512MiB' },
);
