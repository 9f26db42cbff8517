import { FlowError } from '../domain/errors.js';
import {
  activateAccountRequestSchema,
  completeSocialSignUpRequestSchema,
  getInviterRequestSchema,
  registerInviteeRequestSchema,
} from '../domain/requests.js';
import { callable, requireCaller } from './callable.js';
import { inviteFlow } from './wiring.js';

/** Public: the inviter's name and picture for the invitation page. */
export const getInviter = callable('getInviter', getInviterRequestSchema, (input) =>
  inviteFlow.getInviter(input.inviterId),
);

/** Signed in with email and password, right after the account was made. */
export const registerInvitee = callable('registerInvitee', registerInviteeRequestSchema, (input, request) =>
  inviteFlow.registerInvitee(requireCaller(request), input),
);

/** Public: the verification link may be opened on a device where nobody is signed in. */
export const activateAccount = callable('activateAccount', activateAccountRequestSchema, async (input, request) => {
  const caller = request.auth ? requireCaller(request) : null;
  if (caller && caller.uid !== input.uid) {
    throw new FlowError('permission-denied', 'Signed in as another account than the one to activate');
  }
  return inviteFlow.activateAccount({ uid: input.uid, inviterId: input.inviterId });
});

/** Signed in with Apple or Google. */
export const completeSocialSignUp = callable(
  'completeSocialSignUp',
  completeSocialSignUpRequestSchema,
  (input, request) => inviteFlow.completeSocialSignUp(requireCaller(request), input),
);
