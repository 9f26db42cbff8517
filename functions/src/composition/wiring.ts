/**
 * The composition root: builds every flow from the real adapters, once per instance, the one
 * place where ports (flows/ports.ts) meet their implementations. It stands above the slices, which
 * never import it; only the entry points above it (`entry-points/`) take what it built.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from 'firebase-functions';
import { isLiveUser } from '@dayfocus/contracts/records';
import { LINK_KEEP_MS } from '../short-links/domain/app-links.js';
import { AppLinkStore } from '../short-links/adapters/app-link-store.js';
import { FirebaseAccounts } from '../invites/adapters/accounts.js';
import { auth, db, storage } from '../platform/adapters/firebase.js';
import { environment } from './environment.js';
import { FunnelStore } from '../invites/adapters/funnel-store.js';
import { FirestoreInviteStore } from '../invites/adapters/invite-store.js';
import {
  gatedAccounts,
  gatedCodes,
  gatedInviteStore,
  gatedAddressProofs,
  gatedMailCodes,
} from '../invites/adapters/gated-ports.js';
import { ttlCachedRead } from '../platform/adapters/ttl-cached-read.js';
import { readLinkSettings } from '../short-links/adapters/link-params.js';
import { picturesFolder } from '../invites/adapters/picture-params.js';
import { mailCodeKey } from '../invites/adapters/mail-code-params.js';
import { resolvePictureUrl } from '../invites/adapters/pictures.js';
import { withinTime } from '../platform/adapters/time-limit.js';
import { textIn } from '../platform/adapters/locales.js';
import { AuthRestVerificationCodes, webApiKey } from '../invites/adapters/verification-codes.js';
import { AppLinkFlow } from '../short-links/flows/app-link-flow.js';
import { loadRenderer } from '../pages/adapters/web-renderer.js';

export { loadRenderer };
import { PageFlow, type PageFlowDeps } from '../pages/flows/page-flow.js';
import { InviteFlow } from '../invites/flows/invite-flow.js';
import { ActivationFlow } from '../invites/flows/activation-flow.js';
import { MailLinkProofs } from '../invites/flows/mail-link-proofs.js';
import { FirestoreAddressProofs } from '../invites/adapters/address-proofs.js';
import { FinishSignUpFlow } from '../invites/flows/finish-sign-up-flow.js';
import { SignUpLinkFlow } from '../invites/flows/sign-up-link-flow.js';
import { AuthPasswordResets } from '../invites/adapters/password-resets.js';
import { FirestoreSignUpLinkRequests } from '../invites/adapters/sign-up-link-requests.js';
import { FirestoreOwedWorkStore } from '../owed-work/adapters/owed-work-store.js';
import { OwedWorkFlow } from '../owed-work/flows/owed-work-flow.js';
import { InviterFlow } from '../invites/flows/inviter-flow.js';
import { VerificationMailFlow } from '../invites/flows/verification-mail-flow.js';
import { MailCodeFlow } from '../invites/flows/mail-code-flow.js';
import { FirestoreMailCodes } from '../invites/adapters/mail-code-store.js';
import { AuthVerificationLinks, FirestoreMailOutbox } from '../invites/adapters/mail-outbox.js';
import { SignInHandoffFlow } from '../sign-in-handoffs/flows/sign-in-handoff-flow.js';
import { KeptPageInviters } from '../pages/adapters/kept-inviters.js';
import { MemoryConfirmLimits } from '../pages/adapters/confirm-limits.js';
import { CONFIRMS_PER_ACCOUNT, CONFIRMS_PER_CLIENT } from '../pages/domain/welcome-confirm.js';
import { FirestoreHandoffStore, handoffDigest } from '../sign-in-handoffs/adapters/handoff-store.js';
import { FirebaseHandoffAuth } from '../sign-in-handoffs/adapters/handoff-auth.js';
import { CardFlow } from '../invite-cards/flows/card-flow.js';
import { AttestationFlow } from '../attestation/flows/attestation-flow.js';
import { FirestoreAttestationStore } from '../attestation/adapters/attestation-store.js';
import { altchaChallenges } from '../attestation/adapters/altcha-challenges.js';
import { appCheckFallback, fallbackWebAppId } from '../attestation/adapters/fallback-params.js';
import { FirestoreCardStore } from '../invite-cards/adapters/card-store.js';
import { pictureBytes } from '../invite-cards/adapters/picture-bytes.js';
import { LOCAL_PICTURE_SOURCES, PRODUCTION_PICTURE_SOURCES } from '../invite-cards/domain/picture-sources.js';
import { switchedOnLanguages } from '../platform/adapters/locales.js';
import { AddressProofFlow } from '../email-proof/flows/address-proof-flow.js';
import { issuerDirectory } from '../email-proof/adapters/issuer-discovery.js';
import { emailProofSwitch } from '../email-proof/adapters/email-proof-params.js';
import { FirestoreProofNonces, gatedNonceIssuance, gatedProofNonces } from '../email-proof/adapters/nonce-store.js';

export const funnels = new FunnelStore(db);

export const inviteStore = new FirestoreInviteStore(db, funnels, logger);

const accounts = new FirebaseAccounts(auth);

const resolvePicture = (profileImage: unknown, ownerId: string) =>
  resolvePictureUrl(storage, profileImage, ownerId, {
    picturesFolder: picturesFolder.value(),
    localHttp: environment().localPictures,
  });

export const owedWorkFlow = new OwedWorkFlow({
  store: environment().owedWorkStore(new FirestoreOwedWorkStore(db, logger)),
  push: environment().pushTransport(),
  textIn,
  logger,
  now: () => new Date(),
});

const mailOutbox = new FirestoreMailOutbox(db);

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

const handoffStore = new FirestoreHandoffStore(db);

export const signInHandoffFlow = new SignInHandoffFlow({
  store: handoffStore,
  auth: new FirebaseHandoffAuth(auth),
  accounts,
  users: inviteStore,
  signUps: handoffStore,
  randomBytes: (size) => randomBytes(size),
  digest: handoffDigest,
  textIn,
  productDomain: () => readLinkSettings().productDomain,
  now: () => new Date(),
  logger,
});

export const attestationFlow = new AttestationFlow({
  store: new FirestoreAttestationStore(db),
  challenges: altchaChallenges,
  mint: (appId, lifeMs, limitedUse) => environment().mintAppCheckToken(appId, lifeMs, limitedUse),
  logger,
  enabled: () => appCheckFallback.value(),
  webAppId: () => fallbackWebAppId.value(),
});

export const inviteFlow = new InviteFlow({
  store: gatedInviteStore(environment().inviteStore(inviteStore)),
  accounts: gatedAccounts(accounts),
  resolvePicture,
  logger,
  now: () => new Date(),
});

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
  logger,
});

const appLinks = new AppLinkStore(db);

export const appLinkFlow = new AppLinkFlow({
  inviters: inviterFlow,
  // Kept as long as the links themselves: a link stops resolving within LINK_KEEP_MS of its
  // inviter being switched off or disabled, as of its retirement.
  keptInviters: { card: ttlCachedRead((inviterId) => inviterFlow.card(inviterId), LINK_KEEP_MS) },
  renderer: loadRenderer,
  links: appLinks,
  logger,
  settings: readLinkSettings,
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
});

/** The mail's short code: tried in Firestore, the address marked verified in Auth, both behind the call's gate. */
export const mailCodeFlow = new MailCodeFlow({
  codes: gatedMailCodes(new FirestoreMailCodes(db)),
  mailCodeKey,
  now: () => new Date(),
});

const proofNonces = new FirestoreProofNonces(db);

/**
 * The browser's proof of the address: issuers found through DNS and HTTPS (the local stack's
 * through its own settings), our nonces and the sign-up's proof in Firestore, the address marked
 * verified in Auth; every write behind the call's gate.
 */
export const addressProofFlow = new AddressProofFlow({
  enabled: () => emailProofSwitch.value(),
  origin: () => readLinkSettings().productDomain,
  directory: issuerDirectory(environment().emailProofDiscovery),
  nonces: gatedProofNonces(proofNonces),
  issuance: gatedNonceIssuance(proofNonces),
  logger,
  now: () => new Date(),
});

const addressProofs = new FirestoreAddressProofs(db);

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

const passwordResets = new AuthPasswordResets(auth, {
  apiKey: () => webApiKey.value(),
  emulatorHost: environment().authEmulatorHost,
});

/** A sign-up left half-way: the link to finish it, by mail. */
export const signUpLinkFlow = new SignUpLinkFlow({
  resets: passwordResets,
  outbox: mailOutbox,
  users: inviteStore,
  requests: new FirestoreSignUpLinkRequests(db),
  textIn,
  productDomain: () => readLinkSettings().productDomain,
  now: () => new Date(),
  sleep: (ms) => sleep(ms),
});

/** The mailed link's end: the new password and the welcome's activation. */
export const finishSignUpFlow = new FinishSignUpFlow({
  resets: passwordResets,
  outbox: mailOutbox,
  proofs: addressProofs,
  activate: (input, caller, presented) => activationFlow.activate(input, caller, async () => presented),
});

const pageInviters = new KeptPageInviters((inviterId) => inviterFlow.card(inviterId));

/**
 * The invite cards. Skia is loaded by the first card an instance draws, never by the other
 * functions, whose cold starts do not carry it.
 */
export const cardFlow = new CardFlow({
  findInviter: (inviterId, rawUrl) => pageInviters.card(inviterId, { rawUrl }),
  languages: switchedOnLanguages,
  // The local stack's pictures are on its own hosts, by plain http: production asks neither.
  pictureBytes: (photoUrl) =>
    pictureBytes(photoUrl, environment().localPictures ? LOCAL_PICTURE_SOURCES : PRODUCTION_PICTURE_SOURCES, logger),
  draw: async (drawing) => {
    const { image, showsPicture } = await (await import('../invite-cards/adapters/card-drawer.js')).drawCard(drawing);
    return { jpeg: image, showsPicture };
  },
  store: new FirestoreCardStore(db),
  logger,
});

export function pageFlow(page: Pick<PageFlowDeps, 'renderer' | 'pageHeaders'>): PageFlow {
  return new PageFlow({
    ...page,
    findInviter: (inviterId, asked) => pageInviters.card(inviterId, asked),
    createAppLink: (inviterId) => appLinkFlow.createAppLink(inviterId),
    settings: readLinkSettings,
    countView: (inviterId) => funnels.count(inviterId, 'views', new Date()),
    inviterExists: async (inviterId) => isLiveUser(await inviteStore.getUser(inviterId)),
    nonce: () => randomBytes(16).toString('base64'),
    activate: ({ verificationCode, ...link }, page) =>
      activationFlow.activate({ ...link, ...page }, null, () => mailLinks.presented(link.uid, verificationCode)),
    confirmLimits: new MemoryConfirmLimits({
      perClient: environment().confirmsPerClient ?? CONFIRMS_PER_CLIENT,
      perAccount: CONFIRMS_PER_ACCOUNT,
    }),
    linkSpent: ({ uid, verificationCode }) => mailLinks.spentBy(uid, verificationCode),
    logger,
  });
}
