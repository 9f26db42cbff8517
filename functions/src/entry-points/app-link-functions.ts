import { httpFunction } from '../platform/functions/http-function.js';
import { callable } from '../platform/functions/callable.js';
import { appLinkFlow } from '../composition/wiring/short-links.js';

/** Public: "I already have an account" on the invitation pages. */
export const createAppLink = callable('createAppLink', (input) =>
  appLinkFlow.createAppLink(input.inviterId, input.link),
);

export const openAppLink = httpFunction('openAppLink', (request) => appLinkFlow.openAppLink(request));

/** The files the apps claim our links with. */
export const appSiteAssociation = httpFunction('appSiteAssociation', (request) =>
  appLinkFlow.appAssociation(request.rawUrl),
);
