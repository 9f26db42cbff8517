/**
 * `npm run dev`: starts the local stack with the built web app, seeds the demo inviter,
 * prints the invite link, then the link of every e-mail a sign-up sends, and runs until Ctrl-C,
 * which stops everything it started.
 */
import { spawnSync } from 'node:child_process';
import {
  demoInviter,
  demoShortLink,
  firestoreDescription,
  inviteLink,
  repoRoot,
  seedDemoInviter,
  companionLink,
  stack,
  startStack,
  urls,
  watchEmails,
} from './src/index.js';

// Build here rather than in the package script, so that Ctrl-C reaches this process
// directly instead of a shell that would die first and leave pnpm reporting a failure.
const build = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const running = await startStack({ output: 'inherit' });
if (running.reused) {
  console.log('A local stack was already running; `npm run dev` leaves it to whoever started it.');
}
await seedDemoInviter();
// The short link is a convenience here; the stack is usable without it.
const shortLink = await demoShortLink().catch(
  (error: unknown) => `(not available: ${error instanceof Error ? error.message : String(error)})`,
);
console.log(`
  Dayfocus local stack is up (project ${stack.projectId}):
    Hosting (web app)   ${urls.hosting}
    Functions           ${urls.functions}
    Auth emulator       ${urls.auth}
    Firestore emulator  ${urls.firestore}${stack.firestore === 'official' ? ` (${firestoreDescription()})` : ''}

  Invite link of the demo inviter (${demoInviter.name}):
    ${inviteLink(demoInviter.uid)}

  Short link of the demo inviter ("I already have an account"; try it with a phone's user agent):
    ${shortLink}

  E-mails (the Auth emulator sends none) are printed here as they are sent, with the link a
  deployed project's e-mail carries (the site's /auth/action). Press Ctrl-C to stop.
`);

const stopWatching = watchEmails((email) => {
  const what = email.requestType === 'VERIFY_EMAIL' ? 'Verification e-mail' : `E-mail (${email.requestType})`;
  console.log(`
  ${what} to ${email.email}; open:
    ${companionLink(email.oobLink)}
`);
});

let stopping = false;
const shutDown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  stopWatching();
  console.log(`\n${signal}: stopping the local stack...`);
  await running.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGHUP', () => void shutDown('SIGHUP'));
