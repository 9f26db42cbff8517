/**
 * English: the functions' words (pushes, mails, the recovery page), a section of ../en.ts kept in
 * a file of its own, as every language's is (server/{code}.ts).
 */
import { brand } from '../../brand.js';

/** What the functions send: the inviter's pushes and the invitee's verification e-mail. */
export const server = {
  push: {
    /** The push of one friend who joined (the history entry the app shows says the same in English). */
    friendJoin: '{{name}} has accepted your invitation',
    /** The push that sums up several joins: `count` is the number of the others. */
    friendJoinSummary_one: '{{name}} and {{count}} other accepted your invitation',
    friendJoinSummary_other: '{{name}} and {{count}} others accepted your invitation',
    /** A join through a link that asks her first: the request's push, until she decides. */
    joinRequest: '{{name}} asks to join you',
  },
  /** The verification e-mail (invites/domain/verification-mail.ts): names the inviter, never a typed name. */
  verificationMail: {
    subject: `{{inviter}} invited you to ${brand.productName}`,
    heading: 'Confirm your email address',
    lead: `{{inviter}} invited you to ${brand.productName}, and this address was used to sign up. Confirm it to finish.`,
    button: 'Confirm my email',
    codeIntro: 'Or type this code on the page where you signed up:',
    codeNote: 'The code works for {{minutes}} minutes. Do not share it with anyone.',
    next: `After you confirm, your account is active and you and {{inviter}} are friends. We then show you where to get the app.`,
    linkHelp: 'If the button does not work, open this link:',
    notYou: 'If you did not sign up, ignore this email: nothing happens without the tap.',
    someone: 'A friend', // who invited, when the inviter has no name to show
  },
  /** The mail that finishes a sign-up left half-way (functions/src/activation/flows/finish-link-way.ts): never a typed name. */
  finishSignUpMail: {
    subject: `Finish signing up to ${brand.productName}, invited by {{inviter}}`,
    heading: 'Finish signing up',
    lead: `A sign-up to ${brand.productName} with this address was started and not finished. Choose a password to finish it.`,
    button: 'Choose a password',
    next: 'Then your address is confirmed, your account is active and you and {{inviter}} are friends.',
    linkHelp: 'If the button does not work, open this link:',
    notYou: 'If you did not sign up, ignore this email: nothing happens without the tap.',
  },
  /**
   * The mail to the owner of an account locked because its sign-in handoff code was redeemed
   * twice (functions/src/sign-in-handoffs/domain/recovery-mail.ts), and the recovery page it links to.
   */
  accountLockMail: {
    subject: `Your ${brand.productName} account is locked for your safety`,
    heading: 'We locked your account for your safety',
    lead: 'A sign-in code made for your account was used on two phones. It may have been forwarded, so nobody can sign in to your account now.',
    button: 'Get my account back',
    next: 'The button works from one hour after this email was sent. It puts your account back as it was and lets you set a new password.',
    linkHelp: 'If the button does not work, open this link:',
    notYou: 'You did not do anything wrong. Nobody else can use this link.',
  },
  accountRecovery: {
    recoveredHeading: 'Your account is yours again',
    refusedHeading: 'This link cannot be used',
    pageLead: 'Tap the button to get your account back. Anything someone else added to it is removed.',
    wait: 'For your safety this works from one hour after we locked the account. Please open the link from the email again later.',
    donePassword: 'Set a new password to sign in.',
    setPassword: 'Set a new password',
    doneSocial: `Open ${brand.productName} and sign in as before.`,
    refused: `Open the latest email we sent you, or sign in to ${brand.productName}.`,
    squatted:
      'Someone had made another account with your email address. We have turned it off, so that the address is yours again.',
    failed:
      'We could not finish just now. Nothing is lost: please open the link from the email again in a few minutes.',
    support: `Your email address now belongs to another account, which proved it through your mailbox after this account was locked. We have changed nothing. If that account is not yours, write to ${brand.productName} support from this email address.`,
    needsScript: "This page needs JavaScript to read the link. Open the link from the email in your phone's browser.",
  },
  /**
   * The mail to the owner of an account that the first redeemer of her sign-in code deleted before
   * she used it: it cannot be locked or recovered, so she is told what happened and where to start again.
   */
  accountDeletedMail: {
    subject: `Your ${brand.productName} account was deleted`,
    heading: 'Your account was deleted from another phone',
    lead: 'A sign-in code made for your account was used on two phones, and your account was deleted on the first one. The code may have been forwarded to someone else.',
    button: `Get ${brand.productName}`,
    next: 'You can sign up again with this email address. The code no longer works for anyone.',
    linkHelp: 'If the button does not work, open this link:',
    notYou: 'You did not do anything wrong.',
  },
};
