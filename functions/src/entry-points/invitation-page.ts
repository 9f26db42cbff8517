/** Every path of the contracts' route table, behind Hosting's rewrites (pages/flows/page-flow.ts). */
import { localPolicy, PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { httpFunction } from '../platform/functions/http-function.js';
import { environment } from '../platform/environment.js';
import { loadRenderer, pageFlow } from '../composition/wiring/pages.js';

// In the local stack, the Auth emulator's address beside the deploy's policy.
const connectSources = environment().pageConnectSources;
const policy =
  connectSources.length > 0 ? localPolicy(PAGE_CONTENT_SECURITY_POLICY, connectSources) : PAGE_CONTENT_SECURITY_POLICY;

const flow = pageFlow({
  renderer: loadRenderer,
  pageHeaders: { ...SECURITY_HEADERS, 'Content-Security-Policy': policy },
});

export const invitationPage = httpFunction(
  'invitationPage',
  (request) => flow.answer(request),
  // A whole CPU (the smallest memory it comes with): the render is on the path to the first byte.
  { cpu: 1, memory: '512MiB' },
);
