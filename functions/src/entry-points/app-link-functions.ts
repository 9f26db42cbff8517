/**
 * Short links: the callable that makes one, the HTTP function behind Hosting's `/l/**`
 * rewrite that answers a visit, and the two association files the apps claim links with.
 */
import { httpFunction } from '../platform/functions/http-function.js';
import { callable } from '../platform/functions/callable.js';
import { appLinkFlow } from '../composition/wiring.js';

/** Public: "I already have an account" on the invitation pages. */
export const createAppLink = callable('createAppLink', (input) => appLinkFlow.createAppLink(input.inviterId));

/** GET /l/{code} (Hosting rewrite). */
export const openAppLink = httpFunction('openAppLink', (request) => appLinkFlow.openAppLink(request));

/** GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json (Hosting rewrites). */
export const appSiteAssociation = httpFunction('appSiteAssociation', (request) =>
  appLinkFlow.appAssociation(request.rawUrl),
);
