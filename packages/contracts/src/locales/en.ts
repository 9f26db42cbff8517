/**
 * English: the source every other language follows (locale.ts). Its keys, `{{values}}` and
 * plural keys are what apps/web/src/testing/locale-checks.ts holds the others to. The functions'
 * words are in server/en.ts (each language's in server/{code}.ts), the app's here.
 */
import { brand } from '../brand.js';
import { englishMessages, messageKeys } from '../messages.js';
import { INPUT_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.js';
import type { LocaleFile, Strings } from '../locale.js';
import { server } from './server/en.js';

/** The validation messages of the sign-up form, in the wording the shared schemas define (messages.ts). */
const validation = Object.fromEntries(
  Object.values(messageKeys).map((key) => [key.replace(/^validation\./, ''), englishMessages[key]]),
) as {
  [K in keyof typeof messageKeys as (typeof messageKeys)[K] extends `validation.${infer Name}` ? Name : never]: string;
};

const web = {
  app: {
    name: brand.productName,
    logoAlt: brand.productName,
    homeLink: `${brand.productName} home`,
    language: 'Language',
    loading: 'Loading…',
    genericError: 'Something went wrong. Please try again.',
    retry: 'Try again',
    networkError: `We could not reach ${brand.productName}. Check your connection and try again.`,
    /** A button's words once the App Check fallback's check has kept it waiting 2 s (lib/attestation-wait.ts). */
    securityCheck: 'Running a quick security check…',
  },
  invitation: {
    title: 'You are invited',
    pictureAlt: 'Profile picture of {{name}}',
    placeholderAlt: 'No profile picture',
    needsHelp: '{{name}} needs your help and feedback in completing everyday tasks.',
    /** The link preview's title (Open Graph, Twitter card) of a server-rendered invitation. */
    previewTitle: `{{name}} invited you to ${brand.productName}`,
    signUp: 'Sign up',
    haveAccount: 'I already have an account',
    invalidUrl: 'Invalid URL',
    unavailable: 'The invitation could not be loaded. Check your connection and try again.',
    /** What happens next, below the invitation. */
    next: 'Sign up here in a minute, then get the app: you and {{name}} will be friends there.',
    /** The heading of an invitation whose inviter does not exist (the alert says "Invalid URL"). */
    unknownTitle: 'This invitation link does not work',
    unknownHelp: 'Ask your friend to send you their invitation link again.',
    /** Her invitation while she has closed it (paused, expired, at its limit): the page offers the app stores only. */
    closed: '{{name}} is not adding friends through this link right now.',
    /** A sign-up refused because her invitation closed after its page was shown. */
    signUpClosed: 'The person who invited you is not adding friends through this link right now.',
    /** Her invitation page by an address she replaced (renewInviteLink): the page offers the app stores only. */
    replaced: 'This invitation link was replaced. Ask {{name}} for the new one.',
    /** A sign-up refused because its page came by a link she has since replaced. */
    signUpReplaced: 'This invitation link was replaced. Ask the person who invited you for the new one.',
  },
  /** What the product is, in one line: the invitation and the front door say it. */
  product: {
    about: `${brand.productName} is an app where friends help each other finish everyday tasks.`,
    getApp: `Get ${brand.productName} for your phone`,
  },
  /** The front door (`/`), for someone who arrives without an invitation. */
  home: {
    title: 'Everyday tasks, done with friends',
    invited: 'Invited by a friend? Open the link they sent you to join them.',
  },
  /** Every page's footer: who runs the site, and its policies (runtime configuration `legal`). */
  footer: {
    label: 'About this site',
    operator: 'Run by {{operator}}',
    privacy: 'Privacy',
    terms: 'Terms',
  },
  socialSignUp: {
    title: 'Create your account',
    intro: `Join {{name}} on ${brand.productName}.`,
    introUnknown: `Join your friend on ${brand.productName}.`,
    apple: 'Sign up with Apple',
    google: 'Sign up with Google',
    email: 'Sign up with email',
    or: 'or',
    /** Without scripts a provider's button only loads the page again: the line says why before the tap. */
    needsJavaScript:
      'Sign-up with Apple or Google needs JavaScript, which this browser has turned off. Turn it on, or open this page in another browser.',
    finishing: 'Finishing your sign-up…',
    // A provider's sign-in that failed or was cancelled: email is always the way round it.
    failed: 'Sign-up with {{provider}} did not work. Try again, or sign up with email.',
    failedNetwork: 'We could not reach {{provider}}. Check your connection, or sign up with email.',
    cancelled: 'The {{provider}} window was closed. Try again, or choose another way to sign up.',
    // Google or Apple did not say the address is verified: it proves nothing, and trying again changes nothing.
    unverified:
      'Google or Apple has not confirmed this e-mail address, so it cannot sign you up. Sign up with email instead.',
  },
  /** Inside the browser of another app (Instagram, Facebook, LINE, Telegram, WhatsApp…): docs/arrival.md. */
  inAppBrowser: {
    title: 'You are in an app’s built-in browser',
    titleNamed: 'You are in {{app}}’s built-in browser',
    invitation:
      'Sign-up with Google works only in your phone’s browser. Open this page there to use it; sign-up with email works here too.',
    google:
      'Google does not allow sign-in inside this browser. Open this page in your phone’s browser to sign up with Google, or sign up with email here.',
    open: 'Open in browser',
    stepsIfNothing: 'If nothing happens, tap the three dots at the top of the screen and choose “Open in browser”.',
    steps: 'Tap the three dots at the top of the screen and choose “Open in browser”.',
  },
  signUp: {
    title: 'Sign up with email',
    username: 'User name',
    usernameHint: `Your friends see this name in ${brand.productName}.`,
    email: 'Email',
    emailSuggestion: 'Did you mean {{email}}?',
    useSuggestion: 'Use this address',
    password: 'Password',
    passwordHint: `${PASSWORD_MIN_LENGTH} to ${INPUT_MAX_LENGTH} characters. Spaces at the start or end do not count.`,
    confirmPassword: 'Confirm password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    showConfirmPassword: 'Show confirm password',
    hideConfirmPassword: 'Hide confirm password',
    submit: 'Sign up',
    working: 'Signing up…',
    needsJavaScript:
      'Signing up needs JavaScript, which this browser has turned off. Turn it on, or open this link in another browser.',
    tooManySignUps:
      'Too many new accounts were made from your network in the last hour. Please try again a little later, or from another network.',
    emailInUse: 'This email is already registered.',
    // An address already registered may be the reader's own: the app, with the invitation, is their way on.
    emailInUseOwner: `Already on ${brand.productName}?`,
    openAppWithInvite: 'Open the app with this invitation',
    // A sign-up left half-way, tried again with another password: a link to finish it, by mail.
    finishLinkOffer: 'Started signing up with this email before?',
    finishLinkButton: 'Get a link to finish',
    finishLinkSent:
      'If {{email}} has a sign-up here that is not finished, a link to finish it is on its way. It can take a minute or two: check your inbox.',
    finishLinkFailed: 'The link could not be asked for. Check your connection and try again.',
    finishTitle: 'Finish signing up',
    /** The address it is for stands on a line of its own below, kept from the first paint: nothing moves when it comes. */
    finishLead: 'Choose a new password for this account. Your address is then confirmed.',
    finishSubmit: 'Finish signing up',
    finishWorking: 'Finishing…',
    finishUnusable: 'This link has expired or was already used. Sign up again with the same address to get a new one.',
    finishFailed: 'Something went wrong. Please try again.',
    signUpAgain: 'Sign up again',
    resumeOffer: 'Started signing up here and the link no longer works? Get a new link by email to finish.',
    resumeSent:
      'If that sign-up is not finished, a new link is on its way to its address. It can take a minute or two: check your inbox.',
  },
  confirmEmail: {
    title: 'Confirm Your Email',
    sentTo: 'We have sent an email with a confirmation link to {{email}}.',
    stillHolds: 'The email we sent to {{email}} a moment ago still holds.',
    wrongAddress: 'Wrong address? Change it',
    sent: 'We have sent you an email with a confirmation link.',
    next: 'Open the link in that email, or type the code it carries below, to activate your account.',
    /** Without scripts the code cannot be typed here (its form is hidden): what works, the mail's link. */
    nextWithoutScripts: 'Open the link in that email to activate your account: it works in any browser, on any device.',
    codeLabel: 'Code from the email',
    codeHint: 'The 6 digits in the email, under its button.',
    codeSubmit: 'Confirm with the code',
    codeWorking: 'Confirming…',
    codeShape: 'Type the 6 digits of the code from the email.',
    codeRefused: 'This code does not work. Check it, or send the email again for a new one.',
    // A code of an older mail: only the newest mail's works (the server tells it apart from a typo).
    codeOlder:
      'This code is from an older email. Only the code in the newest email works: look for the latest one in your inbox.',
    codeElsewhere: 'The code works only where you signed up. Open the link in the email instead.',
    codeNeedsJavaScript:
      'The code needs JavaScript, which this browser has turned off. Open the link in the email instead.',
    watching: 'This page moves on by itself once your address is confirmed, here or on another device.',
    resend: 'Send the email again',
    resent: 'We sent the email again. Check your inbox and spam folder.',
    resendIn: 'You can send it again in {{seconds}} s.',
    tooManyRequests: 'Too many emails were sent to this address. Wait a few minutes, then try again.',
    noSession: 'No email? Check your spam folder. To get a new link, sign up again with the same email address.',
  },
  welcome: {
    title: 'Welcome',
    titleExpired: 'Link expired',
    titleInvalid: 'Link not valid',
    congratulations: 'Congratulations!',
    download: 'Download the app to start on your tasks with friends',
    activating: 'Activating your account…',
    activated: 'Your account is active.',
    activationFailed: 'We could not activate your account.',
    notVerified: 'Your email address is not confirmed yet. Open the link in the email we sent you, then try again.',
    linkExpired: 'This confirmation link has expired.',
    linkInvalid: 'This confirmation link is not valid. It may be from an older email, or cut short.',
    newLink: 'To get a new link, sign up again with the same email address: we will send a new email.',
    signUpAgain: 'Sign up again',
    friends: 'You and {{name}} are now friends',
    /** Activation of a sign-up whose inviter closed her invitation before the address was confirmed (the note under it says the account is active). */
    invitationClosed:
      'The person who invited you is not adding friends through this link right now, so you are not friends yet.',
    /** Activation through a link whose inviter approves each join herself: no friendship yet, a request waits for her. */
    joinRequested: '{{name}} will confirm your friendship.',
    /** Under the activated note, when she confirms each join herself (joinRequested). */
    joinRequestedNote: `You will see each other in ${brand.productName} once they do.`,
    /** The e-mail link's page before any tap: the one step left, a form the server answers without script. */
    confirmLead: 'One tap left: confirm your email address.',
    confirm: 'Confirm and become friends with {{name}}',
    tooManyTries: 'Too many tries from here for now. Wait a few minutes, then open the link in your email again.',
    /** iPhone: copies the invite (the short link) for the app to read on first launch, then opens the App Store. */
    copyInvite: 'Copy invite and get the app',
    /** Second to the store, on a phone, for someone who has the app: opens it through the inviter's short link. */
    openApp: 'I already have the app',
    /** The badges' words around the store's name (languages put them on either side); the link reads them all. */
    appStoreBefore: 'Download on the',
    appStoreAfter: '',
    playStoreBefore: 'Get it on',
    playStoreAfter: '',
    // The welcome page's QR code on a desktop: the inviter's short link, for the phone's camera.
    qrAlt: 'QR code of your invite link',
    qrHint: `Scan it with your phone's camera: it opens ${brand.productName} with your invite, or the store to get it.`,
  },
  notFound: {
    title: 'Page not found',
    body: 'There is nothing at this address.',
    home: 'Go to the home page',
  },
  /** The pages of a short link (/l/{code}), rendered by the server for each device (features/short-link). */
  shortLink: {
    title: `Join {{name}} on ${brand.productName}`,
    leadIos: 'Copy your invite, then get the app: it finds the invite when it first opens.',
    leadAndroid: 'Your invite goes with the app: get it on Google Play, or open it if you have it.',
    leadDesktop: "Scan this code with your phone's camera: the app opens with your invite, or its store page.",
    copyInvite: 'Copy invite and get the app',
    openApp: `Open in ${brand.productName}`,
    appStore: 'Get it on the App Store',
    playStore: 'Get it on Google Play',
    web: 'Continue on the web',
    qrAlt: 'QR code of your invite',
    notFoundTitle: 'This link does not work',
    notFoundBody: 'It may be mistyped, or it is no longer valid.',
    notFoundAsk: 'Ask your friend to send you a new link.',
    notFoundApp: `Meanwhile, you can get ${brand.productName}:`,
    notFoundDocTitle: 'Link not found',
  },
  /** Shown when the page's settings (/config.json) cannot load: English and the browser's language. */
  configError: {
    title: `${brand.productName} is not available right now`,
    body: 'The page could not load its settings. Please try again in a moment.',
    retry: 'Try again',
    details: 'Details',
  },
  validation,
};

const en = {
  code: 'en',
  name: 'English',
  dir: 'ltr',
  ogLocale: 'en_US',
  web,
  server,
} satisfies LocaleFile<typeof web, typeof server>;

export default en;

/** A language's file: English's keys in every section, in its own words. */
export type Locale = LocaleFile<Strings<typeof web>, Strings<typeof server>>;
/** The strings of the web app in one language (i18next's resources). */
export type Translation = Locale['web'];
