/**
 * The sign-in handoff's callables (docs/signed-in-on-arrival.md, section 6): the welcome page mints a code
 * on "Get the app"; the app redeems it once on its first start, and ends it on "Not you?".
 */
import { platformOfAppId } from '@dayfocus/contracts/sign-in-handoff';
import { callable, requireCaller } from '../platform/functions/callable.js';
import { signInHandoffFlow } from '../composition/wiring/sign-in-handoffs.js';

/** Signed in on the welcome page, the account activated and proved: a code for this device's store. */
export const createSignInHandoff = callable('createSignInHandoff', (input, request) =>
  signInHandoffFlow.create(requireCaller(request), input),
);

/**
 * The app, before anyone is signed in: a custom token for the code's account, or one refusal.
 * App Check names the app (its app ID's platform must be the code's), and its token is consumed.
 */
export const redeemSignInHandoff = callable('redeemSignInHandoff', (input, request) =>
  signInHandoffFlow.redeem(input, platformOfAppId(request.app?.appId)),
);

/** The app, signed in by a handoff: "Not you?". */
export const revokeSignInHandoff = callable('revokeSignInHandoff', (_, request) =>
  signInHandoffFlow.revoke(requireCaller(request)),
);
