export { demoInviter, emulatorEnv, inviteLink, localEmailIssuer, repoRoot, stack, urls } from './config.js';
export { localIssuerOrigin } from './local-email-issuer.js';
export { demoShortLink, outboxDb, seedDemoInviter } from './data.js';
export {
  firestoreDescription,
  reuseProblem,
  runningStackIdentity,
  startStack,
  type RunningStack,
  type StackIdentity,
} from './stack.js';
export * from './browser.js';
export { callableHeaders, localAppCheckToken, LOCAL_WEB_APP_ID, mintLocalToken } from './app-check.js';
export {
  companionLink,
  recordedEmails,
  watchEmails,
  watchOutbox,
  type OutboxMail,
  type RecordedEmail,
} from './mail.js';
export { LOCAL_BASELINE_PATH } from './local-config.js';
export { terminalFilter } from './terminal.js';
export { busyShareBetween, processorTime } from './processor-time.js';
export { pageFaultMicroseconds } from './page-faults.js';
export { runToExit } from './processes.js';
