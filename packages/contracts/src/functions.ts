/**
 * Every function a deploy creates, one row each: the one list from which the rest (caps, App
 * Check's consumption, firebase.json's rewrites and headers) is made or checked, so that a function
 * cannot be added in one place only. Each slice's rows are in its own file (`{slice}-functions.ts`,
 * beside its entry points' file in functions/src/entry-points/), held to `FunctionRow` there and
 * joined here. docs/first-change.md shows a new row.
 */
import { activationRows } from './activation-functions.js';
import { attestationRows } from './attestation-functions.js';
import { deployRows } from './deploy-functions.js';
import { emailProofRows } from './email-proof-functions.js';
import { finishSignUpRows } from './finish-sign-up-functions.js';
import type { FunctionRow } from './function-row.js';
import { inviteCardRows } from './invite-cards-functions.js';
import { inviteRows } from './invites-functions.js';
import { inviterControlRows } from './inviter-controls-functions.js';
import { inviterViewRows } from './inviter-view-functions.js';
import { inviteLinkRows } from './invite-links-functions.js';
import { owedWorkRows } from './owed-work-functions.js';
import { pageRows } from './pages-functions.js';
import { shortLinkRows } from './short-links-functions.js';
import { signInHandoffRows } from './sign-in-handoffs-functions.js';

export type { Answer } from './function-answer.js';
export {
  APP_CHECK_MINTER,
  HANDOFF_SIGNER,
  serviceAccountEmail,
  type FunctionRow,
  type SigningAccount,
} from './function-row.js';

/**
 * In this order Hosting's rewrites are written (firebase.json): the pages' patterns after the
 * callables' `/api/{name}` of the slices before them, as they always were.
 */
export const functionManifest = {
  ...shortLinkRows,
  ...inviteRows,
  ...activationRows,
  ...inviterControlRows,
  ...inviterViewRows,
  ...inviteLinkRows,
  ...finishSignUpRows,
  ...emailProofRows,
  ...pageRows,
  ...signInHandoffRows,
  ...attestationRows,
  ...inviteCardRows,
  ...deployRows,
  ...owedWorkRows,
} as const satisfies Record<string, FunctionRow>;

export type FunctionName = keyof typeof functionManifest;

export function functionRows(): (FunctionRow & { name: FunctionName })[] {
  return (Object.keys(functionManifest) as FunctionName[]).map((name) => ({ name, ...functionManifest[name] }));
}

export const APP_CHECK_ALWAYS_CALLABLES: readonly string[] = functionRows()
  .filter((row) => row.appCheckAlways)
  .map((row) => row.name);

export const REPLAY_PROTECTED_CALLABLES: ReadonlySet<string> = new Set(
  functionRows()
    .filter((row) => row.replayProtected)
    .map((row) => row.name),
);
