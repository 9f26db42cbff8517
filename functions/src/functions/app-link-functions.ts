/**
 * Short links: the callable that makes one, the HTTP function behind Hosting's `/l/**`
 * rewrite that answers a visit, and the two association files the apps claim links with.
 */
import { logger } from 'firebase-functions';
import { onRequest, type HttpsOptions, type Request } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { createAppLinkRequestSchema } from '@dayfocus/contracts/requests';
import { linkProviderApiKey } from '../adapters/link-params.js';
import type { HttpAnswer } from '../flows/app-link-flow.js';
import { callable } from './callable.js';
import { maxInstances, type FunctionName } from './capacity.js';
import { appLinkFlow } from './wiring.js';

/** Public: "I already have an account" on the invitation pages. */
export const createAppLink = callable(
  'createAppLink',
  createAppLinkRequestSchema,
  (input) => appLinkFlow.createAppLink(input.inviterId),
  { secrets: linkProviderApiKey ? [linkProviderApiKey] : [] },
);

export function httpFunction(
  name: FunctionName,
  handle: (req: Request) => Promise<HttpAnswer> | HttpAnswer,
  options: Pick<HttpsOptions, 'secrets' | 'memory' | 'cpu'> = {},
) {
  return onRequest({ region: FUNCTIONS_REGION, maxInstances: maxInstances[name], ...options }, async (req, res) => {
    try {
      const answer = await handle(req);
      // Node's own setHeader/end: Express's set() would append a charset to application/json.
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
      // Cloud Functions (2nd gen) throttles CPU once the handler returns: finish the count's write here.
      await answer.pending;
    } catch (error) {
      logger.error(`${name} failed unexpectedly`, {
        url: req.originalUrl,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      res
        .status(500)
        .set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .send('Something went wrong; please try again.');
    }
  });
}

/** GET /l/{code} (Hosting rewrite). */
export const openAppLink = httpFunction('openAppLink', (req) =>
  appLinkFlow.openAppLink({
    method: req.method,
    rawUrl: req.originalUrl,
    userAgent: req.get('user-agent'),
    acceptLanguage: req.get('accept-language'),
  }),
);

/** GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json (Hosting rewrites). */
export const appSiteAssociation = httpFunction('appSiteAssociation', (req) =>
  appLinkFlow.appAssociation(req.originalUrl),
);
