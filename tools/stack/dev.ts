/**
 * `npm run dev`: starts the local stack with the built web app, seeds the demo inviter,
 * prints the addresses and the invite links, then the link of every e-mail a sign-up sends and
 * every warning or error of ours, and runs until Ctrl-C, which stops everything it started.
 * The emulators' own output (every request, every function run) goes to a log file, whose
 * path it prints. The stack's issuer of the e-mail proof runs with it (local-email-issuer.ts).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  demoInviter,
  demoShortLink,
  firestoreDescription,
  inviteLink,
  localEmailIssuer,
  localIssuerOrigin,
  repoRoot,
  seedDemoInviter,
  companionLink,
  stack,
  startStack,
  terminalFilter,
  urls,
  watchEmails,
  watchOutbox,
  outboxDb,
  type RunningStack,
} from './src/index.js';

const logFile = join(repoRoot, '.artifacts', 'dev.log');
mkdirSync(dirname(logFile), { recursive: true });
appendFileSync(logFile, `\n--- npm run dev, ${new Date().toISOString()} ---\n`);

// Build here rather than in the package script, so that Ctrl-C reaches this process
// directly instead of a shell that would die first and leave pnpm reporting a failure.
// Its output goes to the log; the terminal gets its warnings, or all of it when it fails.
// DAYFOCUS_DEV_PREBUILT=1 takes the build in place: `npm test` has built it in an earlier stage,
// and other tests load it while this runs.
if (stack.builtInPlace) {
  console.log('  Using the build in place (DAYFOCUS_DEV_PREBUILT=1). Starting the local stack...');
} else {
  console.log(`  Building (pnpm run build; its output and the emulators' go to ${logFile})...`);
  const buildStarted = Date.now();
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const buildOutput = `${build.stdout ?? ''}${build.stderr ?? ''}`;
  appendFileSync(logFile, buildOutput);
  if (build.status !== 0) {
    process.stderr.write(buildOutput);
    process.exit(build.status ?? 1);
  }
  const buildWarnings = stripVTControlCharacters(buildOutput)
    .split('\n')
    .filter((line) => /\(!\)|warning|\[[A-Z][A-Z_]+\]/i.test(line));
  for (const line of buildWarnings) console.log(`  ${line}`);
  console.log(`  Built in ${Math.round((Date.now() - buildStarted) / 1000)} s. Starting the local stack...`);
}
// Ctrl-C stops the stack at any moment: while it starts, while the demo inviter is seeded, and
// once the banner says so. While it starts, the start stops what it began at once, with a second
// SIGINT to firebase-tools, which stops "right now" on it but finishes loading the functions before
// it acts on the first: 7 to 9 s from Ctrl-C to the prompt here, not 16. (A Ctrl-C before the
// handlers were on killed this process alone, exit code 130, and left firebase-tools holding its
// ports, its output lost: the lifecycle test's third start.)
const stopOnShutDown: (() => void)[] = [];
let stopping = false;
const starting = new AbortController();
/** The stack, once started. */
const started: { stack?: RunningStack } = {};
const shutDown = async (why: string, exitCode: number) => {
  if (stopping) return;
  stopping = true;
  for (const stop of stopOnShutDown) stop();
  console.log(`\n${why}: stopping the local stack...`);
  // Still starting: the start stops what it began and fails (below).
  if (!started.stack) return starting.abort();
  await started.stack.stop();
  console.log('Stopped.');
  process.exit(exitCode);
};
process.on('SIGINT', () => void shutDown('SIGINT', 0));
process.on('SIGTERM', () => void shutDown('SIGTERM', 0));
process.on('SIGHUP', () => void shutDown('SIGHUP', 0));

const shown = terminalFilter();
const running = await startStack({
  signal: starting.signal,
  output: {
    logFile,
    onLine: (line) => {
      const text = shown(line);
      if (text !== null) console.log(text);
    },
  },
}).catch((error: unknown) => {
  // A start stopped by Ctrl-C has stopped what it began.
  if (!starting.signal.aborted) throw error;
  console.log('Stopped.');
  process.exit(0);
});
started.stack = running;
if (stopping) {
  await running.stop();
  console.log('Stopped.');
  process.exit(0);
}
void running.crashed.then((code) =>
  shutDown(`The Firebase emulators exited on their own (code ${String(code)}; see ${logFile})`, 1),
);

/** Seeds the demo inviter, starts printing the e-mails and prints the banner. */
async function announce(): Promise<void> {
  if (running.reused) {
    console.log('A local stack was already running; `npm run dev` leaves it to whoever started it.');
  }
  await seedDemoInviter();
  // The short link is a convenience here; the stack is usable without it.
  const shortLink = await demoShortLink().catch(
    (error: unknown) => `(not available: ${error instanceof Error ? error.message : String(error)})`,
  );
  stopOnShutDown.push(
    watchOutbox(await outboxDb(), (mail) => {
      console.log(`
  Verification mail to ${mail.to}: "${mail.subject}"; open:
    ${mail.link}
`);
    }),
  );
  stopOnShutDown.push(
    watchEmails((email) => {
      // The codes of our own verification mails are printed with their mail, above.
      if (email.requestType === 'VERIFY_EMAIL') return;
      console.log(`
  E-mail (${email.requestType}) to ${email.email}; open:
    ${companionLink(email.oobLink)}
  The Auth emulator's own link:
    ${email.oobLink}
`);
    }),
  );

  console.log(`
  Dayfocus local stack is up (project ${stack.projectId}):
    Hosting (web app)   ${urls.hosting}
    Functions           ${urls.functions}
    Auth emulator       ${urls.auth}
    Firestore emulator  ${urls.firestore}${stack.firestore === 'official' ? ` (${firestoreDescription()})` : ''}
    Emulator output     ${running.reused ? '(in the log of whoever started the stack)' : logFile}
    E-mail proof issuer ${localIssuerOrigin} (vouches for any address @${localEmailIssuer.domain})

  Invite link of the demo inviter (${demoInviter.name}):
    ${inviteLink(demoInviter.uid)}

  Short link of the demo inviter ("I already have an account"; try it with a phone's user agent):
    ${shortLink}

  E-mails are printed here as they are sent: the companion's verification mails (its outbox,
  _mail, which the Trigger Email extension sends once deployed) with their link, and the Auth
  emulator's (it sends none) with the link a deployed project's e-mail carries (the site's
  /auth/action). So are the warnings and errors of the functions and the emulators.
  Press Ctrl-C to stop.
`);
}

// A Ctrl-C meanwhile stops the stack (above) and whatever this was doing fails: not a second error.
// Any other failure stops the stack too, rather than leave it behind this process.
announce().catch((error: unknown) => {
  if (stopping) return;
  console.error(error);
  void shutDown('The local stack could not be set up', 1);
});
