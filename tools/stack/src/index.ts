export { demoInviter, emulatorEnv, inviteLink, stack, urls } from './config.js';
export { clearStackData, demoShortLink, seedDemoInviter } from './data.js';
export { repoRoot, startStack, type RunningStack } from './stack.js';
export * from './browser.js';
