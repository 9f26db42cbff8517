import { callable } from '../platform/functions/callable.js';
import { finishSignUpFlow, signUpLinkFlow } from '../composition/wiring.js';

/** Public: the same answer for every address; only an unconfirmed companion sign-up is mailed. */
export const mailSignUpLink = callable('mailSignUpLink', (input) => signUpLinkFlow.mailLink(input));

/** Public: the same answer for every uid; the mail goes only to the account's own address. */
export const mailSignUpLinkByAccount = callable('mailSignUpLinkByAccount', (input) => signUpLinkFlow.mailLink(input));

/** Public: the mail's link is opened where nobody is signed in (a mail app's browser). */
export const finishSignUp = callable('finishSignUp', (input) => finishSignUpFlow.finish(input));
