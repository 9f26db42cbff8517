import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { callable, requireCaller } from '../platform/functions/callable.js';
import { activationFlow, mailLinks } from '../composition/wiring/activation.js';
import { inviteFlow, inviterFlow, mailCodeFlow, verificationMailFlow } from '../composition/wiring/invites.js';
import { mailCodeKeySecret } from '../invites/adapters/mail-code-params.js';

/** Public: the inviter's name and picture for the invitation page. */
export const getInviter = callable('getInviter', (input) => inviterFlow.getInviter(input.inviterId));

/** Signed in with email and password, right after the account was made. */
export const registerInvitee = callable(
  'registerInvitee',
  (input, request) => inviteFlow.registerInvitee(requireCaller(request), input),
  { consumesBesideReads: true },
);

/** Signed in with email and password: our verification e-mail, within the address's limits. */
export const sendVerificationEmail = callable(
  'sendVerificationEmail',
  (input, request) => verificationMailFlow.send(requireCaller(request), input),
  { secrets: [mailCodeKeySecret] },
);

/**
 * Public: the verification link may be opened on a device where nobody is signed in. Its code is a
 * proof of the address, which the activation door binds and spends (invites/flows/activation-flow.ts).
 */
export const activateAccount = callable(
  'activateAccount',
  ({ verificationCode: code, ...input }, request): Promise<ActivationAnswer> => {
    const present = code ? () => mailLinks.presented(input.uid, code) : undefined;
    return activationFlow.activate(input, request.auth ? requireCaller(request) : null, present);
  },
  { consumesBesideReads: true },
);

/**
 * Signed in with email and password, in the tab that signed up: the code of the verification mail,
 * typed instead of opening its link. Answers as activation does.
 */
export const confirmEmailWithCode = callable(
  'confirmEmailWithCode',
  ({ code, ...page }, request): Promise<ActivationAnswer> => {
    const caller = requireCaller(request);
    return activationFlow.activate({ uid: caller.uid, ...page }, caller, () =>
      mailCodeFlow.presented(caller, { code }),
    );
  },
  { consumesBesideReads: true, secrets: [mailCodeKeySecret] },
);

/**
 * Signed in with Apple or Google. Answers as activation does, so that the welcome page greets
 * at once with the inviter now a friend and has her link for the stores.
 */
export const completeSocialSignUp = callable(
  'completeSocialSignUp',
  (input, request): Promise<ActivationAnswer> => activationFlow.completeSocialSignUp(requireCaller(request), input),
  { consumesBesideReads: true },
);
