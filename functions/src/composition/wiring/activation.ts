/**
 * Activation's wiring (composition/wiring.ts says what the wiring is): the one door every way of
 * proving an address goes through, with the mail's link, the first of those ways.
 */
import { logger } from 'firebase-functions';
import { environment } from '../environment.js';
import { gatedAccounts, gatedAddressProofs, gatedCodes } from '../../invites/adapters/gated-ports.js';
import { AuthRestVerificationCodes, webApiKey } from '../../invites/adapters/verification-codes.js';
import { ActivationFlow } from '../../invites/flows/activation-flow.js';
import { MailLinkProofs } from '../../invites/flows/mail-link-proofs.js';
import { accounts, addressProofs } from '../wiring.js';
import { inviteFlow } from './invites.js';
import { appLinkFlow } from './short-links.js';
import { signInHandoffFlow } from './sign-in-handoffs.js';

/**
 * The one door into activation: every way of proving an address (the mail's link, its code, the
 * browser's token, the finishing link) hands it a proof, which it binds, spends and joins with.
 */
export const activationFlow = new ActivationFlow({
  invites: inviteFlow,
  accounts: gatedAccounts(accounts),
  proofs: gatedAddressProofs(addressProofs),
  appLinks: appLinkFlow,
  signIn: { mintAtActivation: (uid, request) => signInHandoffFlow.createAtActivation(uid, request) },
  logger,
  now: () => new Date(),
});

/** The mail's link as a proof: Auth's code, checked and then applied behind the call's gate. */
export const mailLinks = new MailLinkProofs({
  codes: gatedCodes(
    new AuthRestVerificationCodes({
      apiKey: () => webApiKey.value(),
      emulatorHost: environment().authEmulatorHost,
    }),
  ),
  proofs: addressProofs,
});
