import { logger } from 'firebase-functions';
import { linkProviderApiKey } from '../../short-links/adapters/link-params.js';
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import type { WriteResult } from '@dayfocus/contracts/write-result';
import { ACTIVATION_ACCOUNT_REFUSALS, FlowError } from '../../platform/domain/errors.js';
import {
  activateAccountRequestSchema,
  completeSocialSignUpRequestSchema,
  getInviterRequestSchema,
  registerInviteeRequestSchema,
  sendVerificationEmailRequestSchema,
} from '@dayfocus/contracts/requests';
import { callable, requireCaller } from '../../platform/functions/callable.js';
import { appLinkFlow, inviteFlow, inviterFlow, verificationMailFlow } from '../../platform/wiring.js';

/** Public: the inviter's name and picture for the invitation page. */
export const getInviter = callable('getInviter', getInviterRequestSchema, (input) =>
  inviterFlow.getInviter(input.inviterId),
);

/** Signed in with email and password, right after the account was made. */
export const registerInvitee = callable(
  'registerInvitee',
  registerInviteeRequestSchema,
  (input, request) => inviteFlow.registerInvitee(requireCaller(request), input),
  { consumesBesideReads: true },
);

/** Signed in with email and password: our verification e-mail, within the address's limits. */
export const sendVerificationEmail = callable(
  'sendVerificationEmail',
  sendVerificationEmailRequestSchema,
  (input, request) => verificationMailFlow.send(requireCaller(request), input),
);

/**
 * What an anonymous caller hears whatever keeps an account from activating (no account, an
 * address not verified yet, no record, a deleted record): one answer, so that probing uids
 * tells a script nothing about who has an account or in which state. The welcome page reads
 * it as "not confirmed yet", the usual case. The account itself, signed in, is told which.
 */
export const ANONYMOUS_ACTIVATION_REFUSAL =
  'This account cannot be activated from this link yet: confirm the e-mail address first, or sign in';

/**
 * The inviter's short link for the welcome page's store links and "Open Dayfocus", or null:
 * activation has succeeded by then, and a link that cannot be had (the optional provider
 * down) only costs the page those extras. `known`: the link looked up beside the join, which
 * an inviter whose link brought the invitee already has; only an inviter without one waits
 * here for it to be made.
 */
async function inviteLinkOf(inviterId: string, known?: Promise<{ shortLink: string } | null>): Promise<string | null> {
  try {
    const link = (await known?.catch(() => null)) ?? (await appLinkFlow.createAppLink(inviterId));
    return link.shortLink;
  } catch (error) {
    logger.warn('No short link for the welcome page', { inviterId, error: String(error) });
    return null;
  }
}

/** The inviter a request names, and that inviter's existing short link, looked up while the join runs. */
interface LinkHint {
  inviterId: string;
  link: Promise<{ shortLink: string } | null>;
}

/**
 * Starts looking up the link of the inviter a request names: in nearly every join that is the
 * inviter joined, so the answer need not wait for the link after.
 */
function hintLink(inviterId: string): LinkHint {
  const link = appLinkFlow.existingLink(inviterId);
  link.catch(() => undefined); // read after the join, or dropped; never an unhandled rejection
  return { inviterId, link };
}

/** The welcome page's answer: the join's result, the inviter now a friend, and her short link. */
async function welcomeAnswer(
  result: WriteResult,
  inviter: InviterCard | null,
  hint: LinkHint | undefined,
): Promise<ActivationAnswer> {
  if (!inviter) return { ...result, inviter, inviteLink: null };
  const known = inviter.inviterId === hint?.inviterId ? hint.link : undefined;
  return { ...result, inviter, inviteLink: await inviteLinkOf(inviter.inviterId, known) };
}

/** Public: the verification link may be opened on a device where nobody is signed in. */
export const activateAccount = callable(
  'activateAccount',
  activateAccountRequestSchema,
  async (input, request): Promise<ActivationAnswer> => {
    const caller = request.auth ? requireCaller(request) : null;
    if (caller && caller.uid !== input.uid) {
      throw new FlowError('permission-denied', 'Signed in as another account than the one to activate');
    }
    const hint = input.inviterId ? hintLink(input.inviterId) : undefined;
    let result;
    try {
      result = await inviteFlow.activateAccount(
        { uid: input.uid, inviterId: input.inviterId, verificationCode: input.verificationCode },
        caller,
      );
    } catch (error) {
      const accountState = error instanceof FlowError && ACTIVATION_ACCOUNT_REFUSALS.has(error.code);
      // What was wrong with the link's code (expired, used or malformed) is kept: the flow says
      // it from the code alone, so it tells nothing about the account, only about the code held.
      if (!caller && accountState) {
        throw new FlowError('failed-precondition', ANONYMOUS_ACTIVATION_REFUSAL, (error as FlowError).details);
      }
      throw error;
    }
    // Who invited an account is told only to the account itself, or to the link that already
    // names that inviter (the welcome link carries it): a uid alone reveals nothing.
    const told = caller !== null || (input.inviterId !== undefined && input.inviterId === result.inviter?.inviterId);
    return welcomeAnswer(result, told ? result.inviter : null, hint);
  },
  { secrets: linkProviderApiKey ? [linkProviderApiKey] : [], consumesBesideReads: true },
);

/**
 * Signed in with Apple or Google. Answers as activation does, so that the welcome page greets
 * at once with the inviter now a friend and has her link for the stores.
 */
export const completeSocialSignUp = callable(
  'completeSocialSignUp',
  completeSocialSignUpRequestSchema,
  async (input, request): Promise<ActivationAnswer> => {
    const hint = hintLink(input.inviterId);
    const result = await inviteFlow.completeSocialSignUp(requireCaller(request), input);
    return welcomeAnswer(result, result.inviter, hint);
  },
  { secrets: linkProviderApiKey ? [linkProviderApiKey] : [], consumesBesideReads: true },
);
