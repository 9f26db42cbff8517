/** The invites' wiring (composition/wiring.ts says what the wiring is); activation is in activation.ts. */
import { logger } from 'firebase-functions';
import { auth, db, storage } from '../../platform/adapters/firebase.js';
import { textIn } from '../../platform/adapters/locales.js';
import { withinTime } from '../../platform/adapters/time-limit.js';
import { readLinkSettings } from '../../short-links/adapters/link-params.js';
import { environment } from '../environment.js';
import { gatedAccountMaker, gatedAccounts, gatedInviteStore } from '../../invites/adapters/gated-ports.js';
import { FirestoreSignUpLimits, gatedSignUpLimits } from '../../invites/adapters/sign-up-limits-store.js';
import { SIGN_UPS_PER_CLIENT } from '../../invites/domain/sign-up-limits.js';
import { EmailSignUpFlow } from '../../invites/flows/email-sign-up-flow.js';
import { picturesFolder } from '../../invites/adapters/picture-params.js';
import { mailCodeKey } from '../../invites/adapters/mail-code-params.js';
import { resolvePictureUrl } from '../../invites/adapters/pictures.js';
import { AuthVerificationLinks } from '../../invites/adapters/mail-outbox.js';
import { InviteFlow } from '../../invites/flows/invite-flow.js';
import { InviterFlow } from '../../invites/flows/inviter-flow.js';
import { InviterControlsFlow } from '../../invites/flows/inviter-controls-flow.js';
import { FirestoreInviteControls } from '../../invites/adapters/invite-controls-store.js';
import { LinkLeversStore } from '../../invites/adapters/link-levers-store.js';
import { VerificationMailFlow } from '../../invites/flows/verification-mail-flow.js';
import { JoinFlow } from '../../invites/flows/join-flow.js';
import { ApprovalsFlow } from '../../invites/flows/approvals-flow.js';
import { FirestoreApprovalStore } from '../../invites/adapters/approvals-store.js';
import { accounts, funnels, inviteStore, mailOutbox } from '../wiring.js';

const resolvePicture = (profileImage: unknown, ownerId: string) =>
  resolvePictureUrl(storage, profileImage, ownerId, {
    picturesFolder: picturesFolder.value(),
    localHttp: environment().localPictures,
  });

/** Our verification e-mail: Auth's code, our words, the Trigger Email extension's outbox. */
export const verificationMailFlow = new VerificationMailFlow({
  accounts,
  users: inviteStore,
  links: new AuthVerificationLinks(auth),
  outbox: mailOutbox,
  textIn,
  productDomain: () => readLinkSettings().productDomain,
  mailCodeKey,
  now: () => new Date(),
});

/** The inviter's levers (`_inviteControls`): her calls write them; sign-ups and her page read them. */
export const inviteControls = new FirestoreInviteControls(db);

const joinDeps = {
  store: gatedInviteStore(environment().inviteStore(inviteStore)),
  accounts: gatedAccounts(accounts),
  resolvePicture,
  logger,
};

/** Her owner record and her links' levers and numbers, as sign-ups and her list read them. */
export const linkLevers = new LinkLeversStore(db);

export const inviteFlow = new InviteFlow({
  ...joinDeps,
  controls: inviteControls,
  doors: linkLevers,
  now: () => new Date(),
});

/** The e-mail sign-up's one call: the account, its record and its mail (email-sign-up-flow.ts). */
export const emailSignUpFlow = new EmailSignUpFlow({
  accounts: gatedAccountMaker(accounts),
  limits: gatedSignUpLimits(
    new FirestoreSignUpLimits(db, {
      ...SIGN_UPS_PER_CLIENT,
      limit: environment().signUpsPerClient ?? SIGN_UPS_PER_CLIENT.limit,
    }),
  ),
  signUps: inviteFlow,
  mail: verificationMailFlow,
  now: () => new Date(),
});

/** The one join, for the activation door (wiring/activation.ts): its joins bring the account it read. */
export const joinFlow = new JoinFlow(joinDeps);

/**
 * How long a page waits for Auth to say whether an inviter's account is disabled; past it the
 * record decides (invites/flows/inviter-flow.ts). Auth answers in milliseconds when it is well.
 */
const ACCOUNT_LOOKUP_LIMIT_MS = 1_500;

export const inviterFlow = new InviterFlow({
  users: inviteStore,
  accounts: {
    getAccount: (uid) =>
      withinTime(accounts.getAccount(uid), ACCOUNT_LOOKUP_LIMIT_MS, "Looking up an inviter's account"),
  },
  resolvePicture,
  controls: inviteControls,
  doors: linkLevers,
  logger,
  now: () => new Date(),
});

/** The inviter's levers on her own invitation, for the mobile app signed in as her. */
export const inviterControlsFlow = new InviterControlsFlow({
  controls: inviteControls,
  users: inviteStore,
  accounts,
  now: () => new Date(),
});

/** Her decisions on the people a link that asks her first brought (invites/domain/approvals.ts). */
export const approvalsFlow = new ApprovalsFlow({
  store: new FirestoreApprovalStore(db, inviteStore, funnels),
  invitation: inviterControlsFlow,
  now: () => new Date(),
});
