/**
 * The server-rendered pages behind Hosting's rewrites: the invitation (`/feedback/**`,
 * `/tasks-Feedback`), the sign-up pages (`/social-sign-up/**`, `/sign-up/**`), the welcome page
 * (`/welcome`, `/welcome/**`), and the redirects of "I already have an account" (`/app-link/**`)
 * and of every e-mail's link (`/auth/action`).
 */
import { localPolicy, PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { httpFunction } from '../platform/functions/http-function.js';
import { environment } from '../platform/environment.js';
import { loadRenderer, pageFlow } from '../composition/wiring.js';

/** The deploy's policy, and in the local stack the Auth emulator's address beside it. */
const connectSources = environment().pageConnectSources;
const policy =
  connectSources.length > 0 ? localPolicy(PAGE_CONTENT_SECURITY_POLICY, connectSources) : PAGE_CONTENT_SECURITY_POLICY;

const flow = pageFlow({
  renderer: loadRenderer,
  pageHeaders: { ...SECURITY_HEADERS, 'Content-Security-Policy': policy },
});

/** GET of the pages above; POST of the invitation's view beacon, the e-mail form and the welcome page's confirm form. */
export const invitationPage = httpFunction(
  'invitationPage',
  (request) => flow.answer(request),
  // A whole CPU (the smallest memory it comes with): the render is on the path to the first byte.
  { cpu: 1, memory: '512MiB' },
);
