/**
 * What `npm run dev` shows of the emulators' output, line by line, on lines as firebase-tools
 * writes them (taken from a stack's log). The lifecycle test checks the same on the real
 * `npm run dev`; this one covers the kinds of line a short run does not produce.
 */
import { describe, expect, it } from 'vitest';
import { terminalFilter } from '../src/terminal.js';

function shown(lines: string[]): string[] {
  const filter = terminalFilter();
  return lines.map(filter).filter((line): line is string => line !== null);
}

describe("npm run dev's terminal", () => {
  it("leaves the emulators' chatter to the log", () => {
    expect(
      shown([
        'Prompting for parameters for codebase default:',
        '',
        '\u001b[36m\u001b[1mi \u001b[22m\u001b[39m \u001b[33m\u001b[1mfunctions: \u001b[22m\u001b[39mCreated new local file functions/.env.local to store param values. We suggest explicitly adding or excluding this file from version control.',
        'i  hosting: 127.0.0.1 - - [25/Nov/2026:13:43:27 +0000] "GET / HTTP/1.1" 200 4616 "-" "node"',
        '[hosting] Rewriting / to http://127.0.0.1:5001/demo-dayfocus/asia-south1/invitationPage for local Function asia-south1/invitationPage',
        'i  functions: Beginning execution of "asia-south1-invitationPage"',
        '>  {"uid":"demo-inviter","outcome":"existed","severity":"INFO","message":"Base user record"}',
        '>  {"verifications":{"app":"VALID","auth":"MISSING"},"logging.googleapis.com/labels":{"firebase-log-type":"callable-request-verification"},"severity":"DEBUG","message":"Callable request verification passed"}',
        '⚠  emulators: The Emulator UI is not starting because none of the running emulators have a UI component.',
        '⚠  canHandleCodeInApp is unsupported in Auth Emulator. All OOB operations will complete via web.',
        'i  To verify the email address a@example.com, follow this link: http://127.0.0.1:9099/emulator/action?mode=verifyEmail',
      ]),
    ).toEqual([]);
  });

  it("shows the functions' warnings and errors in one readable line each", () => {
    expect(
      shown([
        '>  {"ownerId":"inviter-1","path":"ProfilePictures/missing.jpg","severity":"WARNING","message":"Inviter picture path is outside the inviter\'s own folder; the page shows the placeholder"}',
        '>  {"callable":"activateAccount","logging.googleapis.com/labels":{"x":"y"},"severity":"ERROR","message":"Error: boom\\n    at run (index.js:1:1)"}',
      ]),
    ).toEqual([
      '  functions WARNING: Inviter picture path is outside the inviter\'s own folder; the page shows the placeholder {"ownerId":"inviter-1","path":"ProfilePictures/missing.jpg"}',
      '  functions ERROR: Error: boom\n        at run (index.js:1:1) {"callable":"activateAccount"}',
    ]);
  });

  it("shows what a function writes outside the logger, and the emulators' warnings and errors with their details", () => {
    expect(
      shown([
        '>  /work/functions/lib/index.js:3',
        '>  TypeError: Cannot read properties of undefined',
        'i  functions: Finished "asia-south1-activateAccount" in 12ms',
        '⚠  functions: Google API requested!',
        '   - URL: "https://oauth2.googleapis.com/token"',
        '   - Be careful, this may be a production service.',
        'i  functions: Beginning execution of "asia-south1-getInviter"',
        '   an indented line after a hidden one',
        '⚠  tasks: AbortError: This operation was aborted',
        'i  Your function timed out after ~60s. To configure this timeout, see',
      ]),
    ).toEqual([
      '  functions: /work/functions/lib/index.js:3',
      '  functions: TypeError: Cannot read properties of undefined',
      '  ⚠  functions: Google API requested!',
      '     - URL: "https://oauth2.googleapis.com/token"',
      '     - Be careful, this may be a production service.',
      '  ⚠  tasks: AbortError: This operation was aborted',
      '  i  Your function timed out after ~60s. To configure this timeout, see',
    ]);
  });
});
