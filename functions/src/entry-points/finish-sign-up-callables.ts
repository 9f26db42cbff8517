import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { collections } from '@dayfocus/contracts/records';
import { recordOf } from '../platform/adapters/converters.js';
import { callable } from '../platform/functions/callable.js';
import { maxInstances } from '../platform/functions/capacity.js';
import { signUpLinkRequestConverter } from '../invites/adapters/sign-up-link-refs.js';
import { signUpLinkFlow } from '../composition/wiring/finish-sign-up.js';

/**
 * Public: the same answer for every address, given before any lookup (the request is only written
 * down); only an unconfirmed companion sign-up is mailed, by sendSignUpLink.
 */
export const mailSignUpLink = callable('mailSignUpLink', (input) => signUpLinkFlow.requestLink(input));

/** Public: the same answer for every uid, as mailSignUpLink; the mail goes only to the account's own address. */
export const mailSignUpLinkByAccount = callable('mailSignUpLinkByAccount', (input) =>
  signUpLinkFlow.requestLink(input),
);

/**
 * Each request of the two above: the lookups, then the mail, held within the run until the
 * mailbox's minute allows (at most a minute: hence the timeout). Not retried, as sendJoinPush: a
 * run that dies leaves its request to the TTL, and the person asks again. A waiting run is idle, so
 * one instance holds many of them.
 */
export const sendSignUpLink = onDocumentCreated(
  {
    document: `${collections.signUpLinkRequests}/{requestId}`,
    region: FUNCTIONS_REGION,
    maxInstances: maxInstances.sendSignUpLink,
    retry: false,
    timeoutSeconds: 120,
    cpu: 1,
    concurrency: 80,
  },
  async (event) => {
    const request = recordOf(signUpLinkRequestConverter, event.data);
    if (request) await signUpLinkFlow.answerRequest(event.params.requestId, request);
  },
);
