/**
 * The server-rendered pages behind Hosting's rewrites: the invitation (`/feedback/**`,
 * `/tasks-Feedback`), the sign-up pages (`/social-sign-up/**`, `/sign-up/**`), the welcome page
 * (`/welcome`, `/welcome/**`), and the redirects of "I already have an account" (`/app-link/**`)
 * and of every e-mail's link (`/auth/action`).
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isEmulator } from '../adapters/firebase.js';
import { linkProviderApiKey } from '../adapters/link-params.js';
import type { InvitationRenderer } from '@dayfocus/contracts/invitation-page';
import { localPolicy, PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { httpFunction } from './app-link-functions.js';
import { invitationPageFlow } from './wiring.js';

/**
 * The renderer the web app's build leaves in `lib/web/` (apps/web/src/entry-server.tsx), loaded
 * on the first request of an instance rather than at deploy analysis. The path holds from
 * `src/functions` (tests) and `lib/functions` (the deployed code) alike.
 */
const RENDERER_PATH = resolve(__dirname, '..', '..', 'lib', 'web', 'invitation-renderer.cjs');
let renderer: InvitationRenderer | undefined;
let loadedVersion = 0;

/**
 * In the emulator, a rebuilt web app (a new renderer naming new asset files) replaces the one
 * a running instance loaded; deployed instances never see their code change.
 */
function forgetStaleRenderer(): void {
  let version: number;
  try {
    version = statSync(RENDERER_PATH).mtimeMs;
  } catch {
    return;
  }
  if (renderer && version !== loadedVersion) {
    for (const id of Object.keys(require.cache)) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- Node's module cache is keyed by path
      if (id.startsWith(dirname(RENDERER_PATH))) delete require.cache[id];
    }
    renderer = undefined;
  }
  loadedVersion = version;
}

function loadRenderer(): InvitationRenderer {
  if (isEmulator) forgetStaleRenderer();
  if (!renderer) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      renderer = require(RENDERER_PATH) as InvitationRenderer;
    } catch (error) {
      throw new Error(
        `The invitation page renderer is missing at ${RENDERER_PATH}: build the web app (pnpm run build) before the functions are served or deployed`,
        { cause: error },
      );
    }
  }
  return renderer;
}

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
