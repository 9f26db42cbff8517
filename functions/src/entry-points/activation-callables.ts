/**
 * Activation's five callables, each the one door (activation/flows/door.ts) with its way of proving
 * named as data: the mail's link, the mail's code, the browser's token, the finishing link, the
 * provider's sign-in. Each answers as activation does, so that the welcome page greets at once.
 */
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import type { FinishSignUpAnswer } from '@dayfocus/contracts/activation-functions';
import { callable, callerOf, requireCaller } from '../platform/functions/callable.js';
import { activationDoor } from '../composition/wiring/activation.js';
import { mailCodeKeySecret } from '../invites/adapters/mail-code-params.js';

/**
 * Public: the verification link may be opened on a device where nobody is signed in. Its code is a
 * proof of the address, which the door binds and spends; without one, the account must have proved
 * its address before.
 */
export const activateAccount = callable(
  'activateAccount',
  ({ verificationCode: code, ...page }, request): Promise<ActivationAnswer> =>
    activationDoor.activate(callerOf(request), {
      ...page,
      way: code ? { kind: 'mail-link', input: { uid: page.uid, code } } : undefined,
    }),
  { consumesBesideReads: true },
);

/** Signed in with email and password, in the tab that signed up: the code of the verification mail, typed. */
export const confirmEmailWithCode = callable(
  'confirmEmailWithCode',
  ({ code, ...page }, request): Promise<ActivationAnswer> => {
    const caller = requireCaller(request);
    return activationDoor.activate(caller, { uid: caller.uid, ...page, way: { kind: 'mail-code', input: { code } } });
  },
  { consumesBesideReads: true, secrets: [mailCodeKeySecret] },
);

/** Signed in with email and password, in the tab that signed up: the hidden field's token (no mail). */
export const proveEmail = callable(
  'proveEmail',
  ({ token, nonce, holder, ...page }, request): Promise<ActivationAnswer> => {
    const caller = requireCaller(request);
    const way = { kind: 'browser-token', input: { token, nonce, holder } } as const;
    return activationDoor.activate(caller, { uid: caller.uid, ...page, way });
  },
  { consumesBesideReads: true },
);

/** Signed in with Apple or Google: the provider's word on the address, and the link's inviter joined. */
export const completeSocialSignUp = callable(
  'completeSocialSignUp',
  (input, request): Promise<ActivationAnswer> => {
    const caller = requireCaller(request);
    const way = { kind: 'provider', input } as const;
    return activationDoor.activate(caller, { uid: caller.uid, inviterId: input.inviterId, way });
  },
  { consumesBesideReads: true },
);

/** Public: the finishing link is opened where nobody is signed in (a mail app's browser). */
export const finishSignUp = callable(
  'finishSignUp',
  ({ resetCode, password, ...page }): Promise<FinishSignUpAnswer> =>
    activationDoor.activate(null, {
      ...page,
      way: { kind: 'finish-link', input: { resetCode, password } },
    }) as Promise<FinishSignUpAnswer>,
);
